import { DESK, SLUG, type Targets } from './targets';

/**
 * What a line must reach (issue 24) in every round, not in one lucky one: its requests per second over the better
 * measurement of a baseline in the same round, and its p95.
 */
export interface Target {
  /** ÷ the one-PK-lookup baseline, at least. */
  lookup?: number;
  /** ÷ the bare route, at least. */
  bare?: number;
  /** p95 in milliseconds, at most. */
  p95?: number;
}

/**
 * One line of the table: a GET of `path` on `base` (the server or the baselines) as the user of `headers`. A line
 * with a target is measured in rounds (measureRounds), each round opening and closing with both baselines.
 */
export type Plan = {
  name: string;
  base: string;
  path: string;
  headers?: Record<string, string>;
  connections?: number;
  target?: Target;
  /** Paths asked for in turn instead of `path` (load.ts `turn`): a remembered answer read afresh each time. */
  turn?: string[];
};

/**
 * What a browser sends with every request: the server answers compressed where it keeps a compressed copy (the
 * cached public answers, the first HTML); the baselines answer as they are.
 */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The day `days` after today, as the API takes a day (YYYY-MM-DD). */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every measured line in order, the two baselines first (the ratios are to them). */
export function endpointPlans(
  targets: Targets,
  at: {
    server: string;
    baselineUrl: string;
    databaseKind: string;
    visitor: Record<string, string>;
    signedIn: Record<string, string>;
    webBuilt: boolean;
    deskPapers: number;
  },
): Plan[] {
  const { server, baselineUrl, visitor, signedIn, webBuilt } = at;
  const { dashboard, paper, editor, candidates, candidateCount, reviewerClient, reviewerDashboard, reviewerRows } =
    targets;
  const { searchWord, deskEditor, deskHandling, desk, deskCounts, deskReport, deskReportRows, paperLogs } = targets;
  const browser = BROWSER;
  const editorHeaders = { ...deskEditor.headers, ...browser };
  const handlingHeaders = { ...deskHandling.headers, ...browser };
  const deskPlans: Plan[] = [
    {
      name: `editor desk: nine cards and last updated (${at.deskPapers} papers)`,
      path: desk,
      headers: editorHeaders,
      target: { lookup: 0.3, p95: 100 },
    },
    ...Object.entries(deskCounts).map(([card, n], index) => ({
      name: `editor desk: ${card} (${n}), page 1`,
      path: `${desk}/cards/${card}`,
      headers: editorHeaders,
      // The first card's list under load is the issue's "a card's first list page".
      ...(index === 0 && { target: { lookup: 0.5 } }),
    })),
    {
      name: `editor desk: published, search "${searchWord}"`,
      path: `${desk}/cards/published?search=${encodeURIComponent(searchWord)}`,
      headers: editorHeaders,
    },
    { name: 'handling editor desk (two of five specializations)', path: desk, headers: handlingHeaders },
    { name: `paper logs, page 1 (${targets.paperLogTotal} entries)`, path: paperLogs, headers: editorHeaders },
    {
      name: `paper logs, search "${searchWord}"`,
      path: `${paperLogs}?search=${encodeURIComponent(searchWord)}`,
      headers: editorHeaders,
    },
    { name: 'paper logs, under review, page 1', path: `${paperLogs}?status=2`, headers: editorHeaders },
    {
      name: 'handling editor paper logs, page 1 (two of five specializations)',
      path: paperLogs,
      headers: handlingHeaders,
    },
    {
      name: `editor desk: accepted, a year's report (${deskReportRows} rows)`,
      path: deskReport,
      headers: editorHeaders,
    },
  ].map((plan) => ({ ...plan, base: server }));
  const report = deskPlans.at(-1)!;
  // The same report read afresh each time: the process remembers a report (decision 0068), so each request names
  // another end of the range, each past today (the same rows), 20,000 of them taken in turn.
  const fresh = {
    ...report,
    name: `${report.name.replace(' report', ' report read afresh')}`,
    turn: Array.from({ length: 20_000 }, (_, i) => `${report.path}&to=${dayAfter(i + 1)}`),
  };
  // The public archive and its search (issue 21 §6), as a reader opens them: one request at a time for the p95
  // targets, then 50 connections for what the server sustains. Search words: ordinary ones (a topic, one to three
  // words, each language) and the commonest (in every abstract).
  const search = (words: string) => `/api/journals/${SLUG}/search?search=${encodeURIComponent(words)}`;
  const archivePlans: Omit<Plan, 'base'>[] = [
    { name: `archive timeline (${targets.archivePapers} papers in scale-1)`, path: targets.timeline },
    ...(targets.issuePage
      ? [{ name: `archive issue page (${targets.issuePapers} papers)`, path: targets.issuePage }]
      : []),
    ...(targets.archivePaper
      ? [{ name: 'archive paper details', path: `/api/journals/${SLUG}/archive/papers/${targets.archivePaper}` }]
      : []),
    ...(targets.noticeId
      ? [{ name: 'a notice’s own page', path: `/api/journals/${SLUG}/archive/notices/${targets.noticeId}` }]
      : []),
    { name: 'search, one word ("salinity")', path: search('salinity') },
    { name: 'search, three words ("vitamin D deficiency")', path: search('vitamin D deficiency') },
    { name: 'search, two Arabic words ("ملوحة التربة")', path: search('ملوحة التربة') },
    { name: 'search, the commonest word ("study")', path: search('study') },
    { name: 'search, the commonest Arabic word ("دراسة")', path: search('دراسة') },
    {
      name: 'search, a facet only (first specialization)',
      path: `${search('')}&Specializations=${targets.firstSpecialization}`,
    },
  ];
  return [
    { name: 'baseline: bare Fastify route', base: baselineUrl, path: '/bare' },
    { name: `baseline: one PK lookup (${at.databaseKind})`, base: baselineUrl, path: '/pk' },
    // The cached public answers: as close to the bare route as the framework lets (issue 24).
    ...[
      { name: 'journal bootstrap', path: `/api/journals/${SLUG}` },
      { name: 'journal home', path: `/api/journals/${SLUG}/home` },
      { name: 'landing', path: '/api/landing' },
    ].map((plan) => ({ ...plan, base: server, headers: visitor, target: { bare: 0.5 } })),
    // What a proxy's or an orchestrator's readiness probe costs (issue 23 §3): the health read and a storage round trip.
    { name: 'readiness probe (/readyz)', base: server, path: '/readyz', connections: 1 },
    ...(webBuilt ? [{ name: 'journal first HTML', base: server, path: `/${SLUG}/`, headers: visitor }] : []),
    { name: 'dashboard, page 1', base: server, path: dashboard, headers: signedIn, target: { lookup: 0.6 } },
    { name: 'dashboard, page 100', base: server, path: `${dashboard}?page=100`, headers: signedIn },
    {
      name: `dashboard, search "${searchWord}"`,
      base: server,
      path: `${dashboard}?search=${encodeURIComponent(searchWord)}`,
      headers: signedIn,
    },
    {
      name: 'paper page (its author)',
      base: server,
      path: `/api/journals/${SLUG}/papers/${paper.id}`,
      headers: signedIn,
      target: { lookup: 0.6 },
    },
    // An editor's read of the same page: the statement on every request (a co-author may not run its review, 0062).
    {
      name: 'paper page (an editor of the journal)',
      base: server,
      path: `/api/journals/${SLUG}/papers/${paper.id}`,
      headers: { ...editor.headers, ...browser },
    },
    {
      name: `reviewer candidates (${candidateCount} in the specialization)`,
      base: server,
      path: candidates,
      headers: { ...editor.headers, ...browser },
    },
    // The journal's users (issue 22 §1) as its manager opens them, one request at a time for the p95 target.
    ...[
      { name: `journal users, page 1 (${targets.userCount} in scale-1)`, path: targets.users },
      {
        name: `journal users, search "${targets.userSearchWord}"`,
        path: `${targets.users}?search=${encodeURIComponent(targets.userSearchWord)}`,
      },
      { name: 'journal users, reviewers, page 1', path: `${targets.users}?role=reviewer` },
      { name: 'journal users, page 500', path: `${targets.users}?page=500` },
      // The outbox (issue 22 §3): its first page, the failed ones, a search by recipient.
      { name: `journal outbox, page 1 (${targets.outboxCount} in scale-1)`, path: targets.outbox },
      { name: 'journal outbox, failed', path: `${targets.outbox}?state=failed` },
      { name: 'journal outbox, search "r1@"', path: `${targets.outbox}?search=r1%40` },
    ].map((plan) => ({ ...plan, base: server, headers: { ...editor.headers, ...browser }, connections: 1 })),
    // The platform administrator's screens (issue 22 §4): the journals with their counts (one statement over every
    // journal's papers and people), every account of the platform with its journals, a search, the outbox.
    ...[
      {
        name: `platform journals with their counts (${targets.journalCount} journals)`,
        path: targets.platformJournals,
      },
      { name: 'platform people, page 1', path: `/api/journals/${SLUG}/platform/users` },
      {
        name: `platform people, search "${targets.userSearchWord}"`,
        path: `/api/journals/${SLUG}/platform/users?search=${encodeURIComponent(targets.userSearchWord)}`,
      },
      { name: 'platform people, page 400', path: `/api/journals/${SLUG}/platform/users?page=400` },
      { name: 'platform outbox, page 1', path: `/api/journals/${SLUG}/platform/outbox` },
      // The health screen (issue 23 §3): the outbox's waiting and failed mail, the scheduled runs, the migrations.
      { name: 'platform health screen', path: `/api/journals/${SLUG}/platform/health` },
    ].map((plan) => ({
      ...plan,
      base: server,
      headers: { ...targets.platformAdmin.headers, ...browser },
      connections: 1,
    })),
    {
      name: `reviewer dashboard, reviewed (${reviewerRows} rows)`,
      base: server,
      path: reviewerDashboard,
      headers: { ...reviewerClient.headers, ...browser },
      target: { lookup: 0.5 },
    },
    // The editorial desk and the paper logs (issue 10 §5): each one request at a time, as an editor opens them, for
    // the p95 target; the nine cards and a list also under load, for what the server sustains.
    ...deskPlans.map((plan) => ({
      ...plan,
      name: `${plan.name}, one at a time`,
      connections: 1,
      // One at a time the lines answer the p95 target of issue 10; a year's report is measured in rounds, remembered
      // and read afresh.
      target: plan === report ? { p95: 100 } : undefined,
    })),
    { ...fresh, name: `${fresh.name}, one at a time`, connections: 1, target: { p95: 100 } },
    ...deskPlans.slice(0, 2),
    {
      name: `public editorial statistics of scale-desk (${at.deskPapers} papers, cached)`,
      base: server,
      path: `/api/journals/${DESK}/statistics`,
      headers: browser,
    },
    ...archivePlans.map((plan) => ({
      ...plan,
      name: `${plan.name}, one at a time`,
      base: server,
      headers: visitor,
      connections: 1,
    })),
    ...archivePlans.map((plan) => ({ ...plan, base: server, headers: visitor })),
    {
      name: 'dashboard, page 1, one at a time',
      base: server,
      path: dashboard,
      headers: signedIn,
      connections: 1,
    },
  ];
}
