import { mkdirSync } from 'node:fs';
import { addDays, isoDay } from '@journals/core/reviewing';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { submittedPaper } from './support/papers';
import type { Platform } from './support/platform';
import { LANGUAGES, textOf } from './support/text';

/**
 * The paper logs screen (issue 10 §3, spec 03 "Paper logs"): an editor reads the journal's entries newest first,
 * pages, searches by title, filters by status, opens one paper's whole log and follows its link to the paper; a
 * handling editor sees only the papers of their specializations. The entries are made through the API by the
 * flows that write them (a submission, an invitation), in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-paper-logs';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/**
 * Three papers of the researcher, each with its "new proposal" entry: two of the first specialization (the handling
 * editor's), one of the second; the first gets a reviewer (its "reviewer added" and "status changed" entries).
 */
async function papersWithLogs(platform: Platform, stamp: string) {
  const researcher = await ApiClient.signIn(platform.baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
  const editor = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const reviewed = {
      title: `Hand hygiene audit ${stamp}`,
      ...(await submittedPaper(researcher, SLUG, { title: `Hand hygiene audit ${stamp}` })),
    };
    const outside = {
      title: `Sleep quality survey ${stamp}`,
      ...(await submittedPaper(researcher, SLUG, { title: `Sleep quality survey ${stamp}`, specialization: 1 })),
    };
    const waiting = {
      title: `Wound care pathway ${stamp}`,
      ...(await submittedPaper(researcher, SLUG, { title: `Wound care pathway ${stamp}` })),
    };
    const detail = await editor.ok<{ specializationId: number }>(
      editor.get(`/api/journals/${SLUG}/papers/${reviewed.id}`),
    );
    await editor.ok(
      editor.post(`/api/journals/${SLUG}/papers/${reviewed.id}/reviewers`, {
        specializationId: detail.specializationId,
        newReviewer: { fullName: 'Mona Adel', email: `mona.${stamp}@example.org` },
        deadline: addDays(isoDay(new Date()), 14),
        confirmConflict: true,
      }),
    );
    return { reviewed, outside, waiting };
  } finally {
    await Promise.all([researcher.dispose(), editor.dispose()]);
  }
}

for (const language of LANGUAGES) {
  test(`an editor pages, searches and filters the paper logs and opens one paper's log (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const stamp = `${language}${Date.now()}`;
    const { reviewed, outside } = await papersWithLogs(platform, stamp);

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/papers-logs`);
    await expect(page.getByRole('heading', { level: 1, name: text('backoffice.screen_paperLogs') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'سجلّ الأبحاث');
    const table = page.getByTestId('paper-logs');
    const rows = table.getByTestId('log-row');
    // Newest first: the reviewer's invitation moved the paper to under review, after the three submissions.
    await expect(rows).toHaveCount(10);
    const times = await table
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    expect(times).toEqual([...times].sort().reverse());
    const mine = rows.filter({ hasText: reviewed.code });
    await expect(mine).toHaveCount(3);
    await expect(mine.nth(0)).toHaveAttribute('data-action', 'statusChanged');
    await expect(mine.nth(0)).toContainText(text('paperLogs.action_statusChanged'));
    await expect(mine.nth(0)).toContainText(text('papers.status_2'));
    await expect(mine.nth(1)).toContainText(text('paperLogs.action_reviewerAdded'));
    await expect(mine.nth(1)).toContainText('Mona Adel');
    await expect(mine.nth(1)).toContainText(`editor@${SLUG}.test`);
    await expect(mine.nth(2)).toContainText(text('paperLogs.action_newProposal'));
    await expect(mine.nth(2)).toContainText(`researcher@${SLUG}.test`);
    // The title is cut at 25 characters; the whole title is the link's name.
    await expect(mine.first().getByTestId('log-paper-title')).toHaveText(`${reviewed.title.slice(0, 25)}…`);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `logs-${language}`);
    await page.getByTestId('logs-pages').screenshot({ path: `${SHOTS}/pages-${language}.png` });

    // The second page: older entries.
    const firstPage = await rows.allTextContents();
    await page.getByRole('button', { name: text('common.page_number', { page: 2 }) }).click();
    await expect.poll(async () => (await rows.allTextContents()).join()).not.toBe(firstPage.join());
    await expect(page.getByRole('button', { name: text('common.page_number', { page: 2 }) })).toHaveAttribute(
      'data-active',
      'true',
    );

    // Search by title: that paper's entries only, back on page 1.
    await page.getByTestId('logs-search').fill(`hand HYGIENE audit ${stamp}`);
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('logs-total')).toHaveText(text('paperLogs.total', { count: 3 }));
    await expect(page.getByTestId('logs-pages')).toHaveCount(0);
    // The status filter: the entries recorded at "under review".
    await page.getByTestId('logs-status').click();
    await page.getByRole('option', { name: text('papers.status_2'), exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-action', 'statusChanged');
    await page.getByTestId('logs-status').click();
    await page.getByRole('option', { name: text('papers.status_6'), exact: true }).click();
    await expect(page.getByTestId('logs-empty')).toHaveText(text('paperLogs.no_match'));
    await page.getByTestId('logs-status').click();
    await page.getByRole('option', { name: text('paperLogs.status_all'), exact: true }).click();
    await expect(rows).toHaveCount(3);
    await page.getByTestId('logs-search').fill(stamp);
    await expect(rows).toHaveCount(5);
    await expect(table).toContainText(outside.code);

    // One paper's whole log, oldest first, with its link to the paper.
    await page
      .getByRole('button', { name: text('paperLogs.open_log', { title: reviewed.title }) })
      .first()
      .click();
    const dialog = page.getByTestId('paper-log-dialog');
    await expect(
      dialog.getByRole('heading', { name: text('paperLogs.paper_log_title', { code: reviewed.code }) }),
    ).toBeVisible();
    const entries = dialog.getByTestId('log-row');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toHaveAttribute('data-action', 'newProposal');
    await expect(entries.nth(1)).toHaveAttribute('data-action', 'reviewerAdded');
    await expect(entries.nth(2)).toHaveAttribute('data-action', 'statusChanged');
    await expect(entries.nth(0)).toContainText(text('paperLogs.version', { version: 1 }));
    await expect(dialog.getByTestId('paper-log-title')).toHaveText(reviewed.title);
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `paper-log-${language}`);
    await dialog.getByRole('link', { name: text('paperLogs.view_paper') }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/papers/${reviewed.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: reviewed.title })).toBeVisible();
  });

  test(`a handling editor's paper logs show only the papers of their specializations (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const stamp = `h${language}${Date.now()}`;
    const { reviewed, outside, waiting } = await papersWithLogs(platform, stamp);

    await visit(`/${SLUG}/`, language);
    await login(`handling@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/papers-logs`);
    await expect(page.getByText(text('paperLogs.intro_specializations'))).toBeVisible();
    await page.getByTestId('logs-search').fill(stamp);
    const rows = page.getByTestId('paper-logs').getByTestId('log-row');
    await expect(rows).toHaveCount(4);
    await expect(page.getByTestId('logs-total')).toHaveText(text('paperLogs.total', { count: 4 }));
    const table = page.getByTestId('paper-logs');
    await expect(table).toContainText(reviewed.code);
    await expect(table).toContainText(waiting.code);
    await expect(table).not.toContainText(outside.code);
    await page.getByTestId('logs-search').fill(outside.code);
    await expect(page.getByTestId('logs-empty')).toHaveText(text('paperLogs.no_match'));
    await shot(page, `handling-${language}`);
  });
}
