import { DEMO_PASSWORD } from '../src/seed/seed';
import { DESK_SLUG, SCALE_PASSWORD } from '../src/seed/scale-options';
import { signIn } from './session';

export const SLUG = 'scale-1';
export const HEAVY_AUTHOR = { email: `r1@${SLUG}.test`, password: SCALE_PASSWORD };
/** The editorial desk's journal (seed:scale --desk): its editor and its handling editor of two specializations. */
export const DESK = DESK_SLUG;

export type Targets = Awaited<ReturnType<typeof findTargets>>;

/**
 * What the bench reads in the seeded data before it measures: the users it signs in as and the paths of their
 * pages, with the sizes the table names (the heavy author's newest paper, the candidate list, the desk's cards).
 */
export async function findTargets(server: string) {
  const author = await signIn(server, SLUG, HEAVY_AUTHOR.email, HEAVY_AUTHOR.password);
  const dashboard = `/api/journals/${SLUG}/papers/mine`;
  const firstPage = await author.send('GET', dashboard);
  const paper = firstPage.body.items[0] as { id: number; title: string };
  // The editor's candidate list of the first specialization: the scale seed's `specialists` reviewers (5,000).
  const editor = await signIn(server, SLUG, `editor@${SLUG}.test`, HEAVY_AUTHOR.password);
  const specializationId = (await editor.send('GET', `/api/journals/${SLUG}/auth/register`)).body.specializations[0]
    .id as number;
  const firstSpecialization = specializationId;
  const candidates = `/api/journals/${SLUG}/papers/${paper.id}/reviewer-candidates?specializationId=${specializationId}`;
  const candidateCount = (await editor.send('GET', candidates)).body.total as number;
  // A reviewer of scale-1 with the invitations the scale seed gave them: the reviewer dashboard.
  const reviewerClient = await signIn(server, SLUG, `reviewer1@${SLUG}.test`, HEAVY_AUTHOR.password);
  const reviewerDashboard = `/api/journals/${SLUG}/reviewing?status=reviewed`;
  const reviewerRows = (await reviewerClient.send('GET', reviewerDashboard)).body.total as number;
  const searchWord = paper.title.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a));
  // The editorial desk of scale-desk (issue 10 §5): its editor, its handling editor, a year's report.
  const deskEditor = await signIn(server, DESK, `editor@${DESK}.test`, HEAVY_AUTHOR.password);
  const deskHandling = await signIn(server, DESK, `handling@${DESK}.test`, HEAVY_AUTHOR.password);
  const desk = `/api/journals/${DESK}/editorial`;
  const deskCounts = (await deskEditor.send('GET', desk)).body.counts as Record<string, number>;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const deskReport = `${desk}/cards/finallyAccepted/report?from=${yearAgo}`;
  const deskReportRows = ((await deskEditor.send('GET', deskReport)).body.rows as unknown[]).length;
  // The paper logs of scale-desk (issue 10 §3, §5): every entry of its papers, as its editor reads them.
  const paperLogs = `/api/journals/${DESK}/paper-logs`;
  const paperLogTotal = (await deskEditor.send('GET', paperLogs)).body.total as number;
  // The public archive of scale-1 (issue 21 §6): its timeline, its newest issue, that issue's first paper.
  const timeline = `/api/journals/${SLUG}/archive`;
  const volumes = (await author.send('GET', timeline)).body.volumes as {
    volume: number;
    issues: { issue: string; papers: number }[];
  }[];
  const newest = volumes.flatMap((volume) => volume.issues.map((issue) => ({ volume: volume.volume, ...issue })))[0];
  const issuePage = newest ? `/api/journals/${SLUG}/archive/volumes/${newest.volume}/issues/${newest.issue}` : null;
  const issuePapers = newest?.papers ?? 0;
  const archivePaper = issuePage ? ((await author.send('GET', issuePage)).body.papers[0]?.id as number) : null;
  // A notice's own page (decision 0088): a correction of that paper, published by scale-1's editor.
  const noticeId = archivePaper
    ? (((
        await editor.send('POST', `/api/journals/${SLUG}/papers/${archivePaper}/notices`, {
          kind: 'correction',
          textEn: 'Table 2 gives the yields in tonnes per hectare, not per acre.',
          textAr: 'يعطي الجدول 2 الغلّة بالطن لكل هكتار لا لكل فدان.',
          noticeDate: new Date().toISOString().slice(0, 10),
        })
      ).body.notice?.id as number | undefined) ?? null)
    : null;
  const archivePapers = volumes.reduce((sum, volume) => sum + volume.issues.reduce((n, i) => n + i.papers, 0), 0);
  // The journal's users (issue 22 §1): scale-1's people, the seed's `members` among them, as its manager lists them;
  // a search by the newest member's family name (a common one: many match).
  const users = `/api/journals/${SLUG}/users`;
  const usersPage = (await editor.send('GET', users)).body as {
    total: number;
    more: boolean;
    items: { fullName: string }[];
  };
  const userCount = usersPage.more ? `more than ${usersPage.total}` : String(usersPage.total);
  const userSearchWord = usersPage.items[0]!.fullName.split(/\s+/).at(-1)!;
  // The journal's outbox (issue 22 §3): scale-1's messages as its manager opens the screen, and a search.
  const outbox = `/api/journals/${SLUG}/outbox`;
  const outboxPage = (await editor.send('GET', outbox)).body as { total: number; more: boolean };
  const outboxCount = outboxPage.more ? `more than ${outboxPage.total}` : String(outboxPage.total);
  // The platform administrator's journals (issue 22 §4): every journal of the bench's database with its counts.
  const platformAdmin = await signIn(server, SLUG, 'admin@platform.test', DEMO_PASSWORD);
  const platformJournals = `/api/journals/${SLUG}/platform/journals`;
  const journalCount = ((await platformAdmin.send('GET', platformJournals)).body.items as unknown[]).length;
  return {
    platformAdmin,
    platformJournals,
    journalCount,
    outbox,
    outboxCount,
    users,
    userCount,
    userSearchWord,
    timeline,
    firstSpecialization,
    issuePage,
    issuePapers,
    archivePaper,
    noticeId,
    archivePapers,
    author,
    dashboard,
    paper,
    editor,
    candidates,
    candidateCount,
    reviewerClient,
    reviewerDashboard,
    reviewerRows,
    searchWord,
    deskEditor,
    deskHandling,
    desk,
    deskCounts,
    deskReport,
    deskReportRows,
    paperLogs,
    paperLogTotal,
  };
}
