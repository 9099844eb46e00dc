import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { EDITORIAL_CARDS, EDITORIAL_PAGE_SIZE, type EditorialCard, remindersAnswer } from '@journals/core/editorial';
import { abbreviateNumber, formatNumber } from '@journals/core/format';
import { addDays, FINAL_DECISIONS, isoDay } from '@journals/core/reviewing';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, type Language } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { submittedPaper } from './support/papers';
import { invitedReviewer } from './support/reviewing';
import { submitReview } from './support/submit-review';
import { LANGUAGES, textOf } from './support/text';

/**
 * The editorial desk (spec 01 §2 "Editor and handling-editor dashboards", §7, §8; issue 10 §1): the nine cards, a
 * card's full-screen list (search, pages, a paper), the paper report in its own window with its CSV, the reminders
 * to late reviewers; a handling editor's desk holds only the papers of their specializations.
 */

const SLUG = 'general';
const EDITOR = `editor@${SLUG}.test`;
const HANDLING = `handling@${SLUG}.test`;
/** The demo's paper waiting for its resubmission, in Public Health: not a field of the demo handling editor. */
const REVISION_TITLE = 'Structured nurse education and recovery after surgery';
/** The demo's paper whose reviewer is late, in Computer Science (the demo handling editor's field). */
const LATE_TITLE = 'Early warning of Nile flood levels with low-cost sensor networks';
const QUEUE_SIZE = EDITORIAL_PAGE_SIZE + 1;

interface Counts {
  scope: string;
  counts: Record<EditorialCard, number>;
}

/** What this spec adds to the demo: a queue of new papers (more than a page), one declined, one in review. */
interface DeskData {
  nonce: string;
  queue: { id: number; code: string; title: string }[];
  declined: { id: number; code: string; title: string };
  inReview: { id: number; code: string; title: string };
}

let desk: DeskData;

test.beforeAll(async ({ platform }) => {
  test.setTimeout(240_000);
  const nonce = `${Date.now()}`;
  const researcher = await ApiClient.signIn(platform.baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
  const reviewer = await ApiClient.signIn(platform.baseURL, SLUG, `reviewer@${SLUG}.test`, DEMO_PASSWORD);
  const editor = await ApiClient.signIn(platform.baseURL, SLUG, EDITOR, DEMO_PASSWORD);
  try {
    const queue = [];
    for (let n = 1; n <= QUEUE_SIZE; n++) {
      const title = `Groundwater salinity survey ${String(n).padStart(2, '0')} ${nonce}`;
      queue.push({ ...(await submittedPaper(researcher, SLUG, { title })), title });
    }
    // Sara declines her invitation: the paper has a refused invitation and no active one.
    const declinedTitle = `Traffic noise and sleep in Cairo ${nonce}`;
    const declined = await invitedReviewer(platform, SLUG, `reviewer@${SLUG}.test`, declinedTitle);
    const invitations = await reviewer.ok<{ items: { id: number; paperId: number }[] }>(
      reviewer.get(`/api/journals/${SLUG}/reviewing?status=newInvitations`),
    );
    const invitation = invitations.items.find((item) => item.paperId === declined.paper.id)!;
    await reviewer.ok(
      reviewer.post(`/api/journals/${SLUG}/reviewing/${invitation.id}/refuse`, {
        category: 'noTime',
        reason: 'On leave until next month.',
      }),
    );
    const inReviewTitle = `Soil moisture sensing with cheap probes ${nonce}`;
    const inReview = await invitedReviewer(platform, SLUG, `reviewer2@${SLUG}.test`, inReviewTitle);
    // A paper of its own waiting for its resubmission: the demo's may have been resubmitted by the decision spec
    // in the same worker.
    const revision = await invitedReviewer(platform, SLUG, `reviewer@${SLUG}.test`, `Coastal erosion ${nonce}`);
    await submitReview(reviewer, SLUG, revision.paper.id, {
      recommendation: 6,
      commentForAuthor: 'Report the sample size.',
      commentForEditor: 'Minor issues only.',
      attachmentName: 'notes.pdf',
    });
    await editor.ok(
      editor.post(`/api/journals/${SLUG}/papers/${revision.paper.id}/decision`, {
        decision: FINAL_DECISIONS.acceptWithModifications,
        comments: 'Please add the sample size calculation, then resubmit.',
        revisionDeadline: addDays(isoDay(new Date()), 30),
      }),
    );
    desk = {
      nonce,
      queue,
      declined: { ...declined.paper, title: declinedTitle },
      inReview: { ...inReview.paper, title: inReviewTitle },
    };
  } finally {
    await researcher.dispose();
    await reviewer.dispose();
    await editor.dispose();
  }
});

/** Waits for the dialogs' opening transitions to end: axe measures contrast on what is fully drawn. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** A full-screen dialog covers the viewport: the page under it is not part of the picture. */
const shot = async (page: Page, name: string, fullPage = true) => {
  await settled(page);
  await page.screenshot({ path: `/tmp/desk-${name}.png`, fullPage });
};

/** The desk's counts as the API gives them to `email`, to compare with what the cards show. */
async function deskCounts(baseURL: string, email: string): Promise<Counts> {
  const client = await ApiClient.signIn(baseURL, SLUG, email, DEMO_PASSWORD);
  try {
    return await client.ok<Counts>(client.get(`/api/journals/${SLUG}/editorial`));
  } finally {
    await client.dispose();
  }
}

/** The nine cards in their order, each with its label and the API's count (abbreviated the same way). */
async function expectCards(page: Page, language: Language, counts: Counts['counts']) {
  const text = textOf(language);
  const cards = page.getByTestId('desk-cards').getByRole('button');
  await expect(cards).toHaveCount(EDITORIAL_CARDS.length);
  for (const [index, card] of EDITORIAL_CARDS.entries()) {
    const element = cards.nth(index);
    await expect(element).toHaveAttribute('data-testid', `card-${card}`);
    await expect(element).toContainText(text(`editorial.card_${card}`));
    // One numbering system per page (decision 0027): Arabic-Indic digits on the Arabic desk, as its dates.
    await expect(element.getByTestId('stat-count')).toHaveText(abbreviateNumber(counts[card], language));
    await expect(element).toHaveAttribute('title', formatNumber(counts[card], language));
  }
}

const dialogOf = (page: Page) => page.getByTestId('card-dialog');
const rowOf = (page: Page, title: string) =>
  dialogOf(page)
    .getByTestId('desk-row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

for (const language of LANGUAGES) {
  test(`an editor opens the cards, searches and pages a list, opens a paper, the report and its CSV, and reminds late reviewers (${language})`, async ({
    page,
    context,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.setTimeout(180_000);
    const text = textOf(language);
    await visit(`/${SLUG}/`, language);
    await login(EDITOR, { language });
    await page.goto(`/${SLUG}/dashboard/EditorDashboard`);

    // The dashboard: its title, the whole journal as its scope, nine cards counting what the API counts.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('backoffice.screen_editorDashboard'));
    await expect(page.getByTestId('desk-scope')).toHaveText(text('editorial.scope_journal'));
    const { counts } = await deskCounts(platform.baseURL, EDITOR);
    expect(counts.submitted).toBeGreaterThanOrEqual(QUEUE_SIZE);
    expect(counts.refusedReviewing).toBeGreaterThanOrEqual(1);
    expect(counts.waitingResubmission).toBeGreaterThanOrEqual(1);
    await expectCards(page, language, counts);
    // The last-updated papers: the newest change first, its title cut and linked to its page.
    const lastUpdated = page.getByTestId('last-updated');
    await expect(lastUpdated.getByTestId('desk-row').first()).toBeVisible();
    const newest = lastUpdated.getByRole('link', { name: desk.inReview.title, exact: true });
    await expect(newest).toHaveText(`${Array.from(desk.inReview.title).slice(0, 25).join('')}…`);
    await expect(newest).toHaveAttribute('href', `/${SLUG}/dashboard/papers/${desk.inReview.id}`);
    if (language === 'ar') await expectArabicPage(page, 'آخر الأبحاث تحديثًا');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `dashboard-${language}`);

    // A status card: the new papers, a page of ten from the first, the rest on the second.
    await page.getByTestId('card-submitted').click();
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('heading', { name: text('editorial.card_submitted') })).toBeVisible();
    await expect(dialog.getByTestId('list-total')).toHaveText(
      text('editorial.list_total', { count: counts.submitted }),
    );
    await expect(dialog.getByTestId('desk-row')).toHaveCount(EDITORIAL_PAGE_SIZE);
    const search = dialog.getByLabel(text('editorial.search_label'), { exact: true });
    await search.fill(desk.nonce);
    await expect(dialog.getByTestId('list-total')).toHaveText(text('editorial.list_total', { count: QUEUE_SIZE }));
    await expect(dialog.getByTestId('desk-row')).toHaveCount(EDITORIAL_PAGE_SIZE);
    const pages = dialog.getByTestId('list-pages');
    await pages.getByRole('button', { name: text('common.page_number', { page: 2 }), exact: true }).click();
    await expect(dialog.getByTestId('desk-row')).toHaveCount(QUEUE_SIZE - EDITORIAL_PAGE_SIZE);
    // Newest first: the first paper of the queue is the one left for the second page.
    await expect(rowOf(page, desk.queue[0]!.title)).toHaveCount(1);
    // A new search starts again from page 1: by code, one paper, with its specialization, dates and status.
    const wanted = desk.queue[4]!;
    await search.fill(wanted.code);
    await expect(rowOf(page, wanted.title)).toHaveCount(1);
    await expect(dialog.getByTestId('desk-row')).toHaveCount(1);
    const row = rowOf(page, wanted.title);
    await expect(row.getByRole('cell').nth(0)).toHaveText(wanted.code);
    await expect(row.getByRole('cell').nth(2)).toHaveText(language === 'ar' ? 'علوم الحاسب' : 'Computer Science');
    await expect(row.getByRole('cell').nth(4)).toHaveText(text('papers.status_1'));
    await search.fill(`no such paper ${desk.nonce}`);
    await expect(dialog.getByTestId('list-empty')).toHaveText(text('editorial.list_no_match'));
    await search.fill(desk.nonce);
    await expect(dialog.getByTestId('desk-row')).toHaveCount(EDITORIAL_PAGE_SIZE);
    if (language === 'ar') await expectArabicPage(page, 'أبحاث جديدة');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `list-${language}`, false);

    // The paper report: "to" before "from" is refused; today's papers open in a new window.
    const today = isoDay(new Date());
    await dialog.getByTestId('report-button').click();
    const popup = page.getByRole('dialog', { name: text('editorial.report') });
    await popup.getByLabel(text('editorial.report_from'), { exact: true }).fill(today);
    await popup.getByLabel(text('editorial.report_to'), { exact: true }).fill('2020-01-01');
    await popup.getByTestId('report-open').click();
    await expect(popup.getByText(text('validation.date_range'), { exact: true })).toBeVisible();
    await popup.getByLabel(text('editorial.report_to'), { exact: true }).fill(today);
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `report-popup-${language}`, false);
    const [report] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('report-open').click()]);
    await expect(report).toHaveURL(
      `${platform.baseURL}/${language}/${SLUG}/Reports/Papers/submitted/${today}/${today}/`,
    );
    await expect(report.getByRole('heading', { level: 1 })).toHaveText(
      text('editorial.report_title', { card: text('editorial.card_submitted') }),
    );
    const shownDay = new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(`${today}T12:00:00Z`));
    await expect(report.getByTestId('report-range')).toHaveText(
      text('editorial.report_range', { from: shownDay, to: shownDay }),
    );
    const reportRows = report.getByTestId('report-row');
    await expect(reportRows.first()).toBeVisible();
    const rowCount = await reportRows.count();
    expect(rowCount).toBeGreaterThanOrEqual(QUEUE_SIZE);
    await expect(report.getByTestId('report-count')).toHaveText(text('editorial.report_rows', { count: rowCount }));
    const reportRow = reportRows.filter({ hasText: wanted.code });
    await expect(reportRow).toHaveCount(1);
    await expect(reportRow).toContainText(wanted.title);
    await expect(reportRow).toContainText('Karim Nabil');
    await expect(reportRow).toContainText('karim@example.org');
    await expect(reportRow).toContainText(text('papers.status_1'));
    if (language === 'ar') await expectArabicPage(report, 'تقرير الأبحاث: أبحاث جديدة');
    await settled(report);
    expect(serious(await new AxeBuilder({ page: report }).analyze())).toEqual([]);
    await shot(report, `report-${language}`);
    // Printed, the page keeps its title and rows and drops its buttons.
    await report.emulateMedia({ media: 'print' });
    await expect(report.getByRole('button', { name: text('editorial.report_print') })).toBeHidden();
    await expect(report.getByTestId('report-csv')).toBeHidden();
    await expect(reportRow).toBeVisible();
    await shot(report, `report-print-${language}`);
    await report.emulateMedia({ media: 'screen' });
    // The CSV of the same rows, its header in the interface language.
    const [download] = await Promise.all([report.waitForEvent('download'), report.getByTestId('report-csv').click()]);
    expect(download.suggestedFilename()).toBe(`${SLUG}-submitted-${today}-${today}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    const header = [
      'col_code',
      'col_version',
      'col_title',
      'col_specialization',
      'col_author',
      'col_author_email',
      'col_reviewers',
      'col_submitted',
      'col_status',
      'col_status_date',
      'col_decision_date',
    ].map((key) => text(`editorial.${key}`));
    expect(lines[0]).toBe(header.join(','));
    expect(lines).toHaveLength(rowCount + 1);
    const csvRow = lines.find((line) => line.startsWith(`${wanted.code},`));
    const field = language === 'ar' ? 'علوم الحاسب' : 'Computer Science';
    expect(csvRow).toContain(`,${wanted.title},${field},Karim Nabil,karim@example.org,`);
    expect(csvRow).toContain(`,${text('papers.status_1')},`);
    await report.close();
    // Only an end day: the address keeps its place for the start ("-"), the page says "until".
    await dialog.getByTestId('report-button').click();
    await popup.getByLabel(text('editorial.report_from'), { exact: true }).fill('');
    await popup.getByLabel(text('editorial.report_to'), { exact: true }).fill(today);
    const [until] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('report-open').click()]);
    await expect(until).toHaveURL(`${platform.baseURL}/${language}/${SLUG}/Reports/Papers/submitted/-/${today}/`);
    await expect(until.getByTestId('report-range')).toHaveText(text('editorial.report_range_to', { to: shownDay }));
    await expect(until.getByTestId('report-row').filter({ hasText: wanted.code })).toHaveCount(1);
    await until.close();

    // Back to the dashboard; an invitation card: the paper whose reviewer declined, opened from its row.
    await dialog.getByRole('button', { name: text('editorial.back'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('card-refusedReviewing').click();
    await expect(dialog.getByRole('heading', { name: text('editorial.card_refusedReviewing') })).toBeVisible();
    await expect(rowOf(page, desk.declined.title)).toHaveCount(1);
    await expect(rowOf(page, desk.inReview.title)).toHaveCount(0);
    await dialog.getByRole('button', { name: text('editorial.back'), exact: true }).click();

    // The other invitation card: its reminders to late reviewers, and the spec's text for 10 s.
    await page.getByTestId('card-delayInPeerReview').click();
    await expect(dialog.getByRole('heading', { name: text('editorial.card_delayInPeerReview') })).toBeVisible();
    await expect(dialog.getByTestId('list-total')).toHaveText(
      text('editorial.list_total', { count: counts.delayInPeerReview }),
    );
    // The demo's late review (its reviewer accepted, the deadline passed six days ago).
    await expect(rowOf(page, LATE_TITLE)).toHaveCount(1);
    // The answer says what happened: reminded now, or (the other language's run, within the hour) not again.
    const answered = page.waitForResponse((response) => response.url().endsWith('/reviewing/reminders'));
    await dialog.getByTestId('remind-button').click();
    const reminded = (await (await answered).json()) as { sent: number; recentlyReminded: number };
    expect(reminded.sent + reminded.recentlyReminded).toBeGreaterThanOrEqual(1);
    const said = remindersAnswer(reminded.sent, reminded.recentlyReminded)
      .map((part) => text(part.key, { count: part.count }))
      .join(' ');
    const sent = page.getByText(said, { exact: true });
    await expect(sent).toBeVisible();
    const shownAt = Date.now();
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `late-${language}`, false);
    // The text stays 10 s (spec 01 §9), then goes.
    await expect(sent).toBeHidden({ timeout: 13_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(9_000);
    await dialog.getByRole('button', { name: text('editorial.back'), exact: true }).click();
    // Only the late reviews' list sends reminders.
    await page.getByTestId('card-inPeerReview').click();
    await expect(rowOf(page, desk.inReview.title)).toHaveCount(1);
    await expect(dialog.getByTestId('remind-button')).toHaveCount(0);
    await rowOf(page, desk.inReview.title).getByRole('link', { name: desk.inReview.title, exact: true }).click();
    await expect(page).toHaveURL(`${platform.baseURL}/${SLUG}/dashboard/papers/${desk.inReview.id}`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(desk.inReview.title);
  });

  test(`a handling editor's desk holds only the papers of their specializations (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    await visit(`/${SLUG}/`, language);
    await login(HANDLING, { language });
    await page.goto(`/${SLUG}/dashboard/HandlingEditor`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('backoffice.screen_handlingEditorDashboard'));
    await expect(page.getByTestId('desk-scope')).toHaveText(text('editorial.scope_specializations'));
    const handling = await deskCounts(platform.baseURL, HANDLING);
    const editor = await deskCounts(platform.baseURL, EDITOR);
    expect(handling.scope).toBe('specializations');
    await expectCards(page, language, handling.counts);
    // The demo's published papers (no field) are the editor's, not theirs; so is its revision (Public Health), which
    // the editor's list holds and theirs does not (other specs may add revisions of their fields to the count).
    expect(editor.counts.published).toBeGreaterThan(handling.counts.published);
    await expect(page.getByTestId('last-updated').getByRole('link', { name: REVISION_TITLE })).toHaveCount(0);
    await page.getByTestId('card-waitingResubmission').click();
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('heading', { name: text('editorial.card_waitingResubmission') })).toBeVisible();
    await expect(dialog.getByTestId('list-total')).toHaveText(
      text('editorial.list_total', { count: handling.counts.waitingResubmission }),
    );
    await dialog.getByLabel(text('editorial.search_label'), { exact: true }).fill(REVISION_TITLE);
    await expect(dialog.getByTestId('list-empty')).toHaveText(
      text(handling.counts.waitingResubmission ? 'editorial.list_no_match' : 'editorial.list_empty'),
    );
    await dialog.getByRole('button', { name: text('editorial.back'), exact: true }).click();
    // Their own field's new papers are there.
    await page.getByTestId('card-submitted').click();
    await dialog.getByLabel(text('editorial.search_label'), { exact: true }).fill(desk.queue[0]!.code);
    await expect(rowOf(page, desk.queue[0]!.title)).toHaveCount(1);
    if (language === 'ar') await expectArabicPage(page, 'أبحاث تخصصاتك');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    // On a phone: the list's tools stack above it, the cards two per row.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByTestId('report-button')).toBeInViewport();
    await shot(page, `list-phone-${language}`, false);
    await dialog.getByRole('button', { name: text('editorial.back'), exact: true }).click();
    await expect(page.getByTestId('card-published')).toBeVisible();
    await shot(page, `dashboard-phone-${language}`);
  });
}

test('the report page asks a signed-out visitor to log in and tells a researcher they are not authorized', async ({
  page,
  visit,
  login,
}) => {
  const text = textOf('en');
  await visit(`/en/${SLUG}/Reports/Papers/published/`);
  await expect(page.getByTestId('report-sign-in')).toContainText(text('editorial.report_sign_in'));
  await page.getByRole('link', { name: text('editorial.report_sign_in_action') }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/$`));
  await login(`researcher@${SLUG}.test`);
  await page.goto(`/en/${SLUG}/Reports/Papers/published/`);
  await expect(page.getByTestId('report-unauthorized')).toContainText(text('errors.forbidden'));
  await page.goto(`/ar/${SLUG}/Reports/Papers/nonsense/`);
  await expect(page.getByTestId('report-bad-address')).toHaveText(textOf('ar')('editorial.report_bad_address'));
});

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** The report window is a page of its own: the fixture's axe runs on the test's page only. */
const serious = (results: AxeResults) =>
  results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
