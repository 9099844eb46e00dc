import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { withFees } from './support/fees';
import { submittedPaper } from './support/papers';
import { LANGUAGES, textOf } from './support/text';

/**
 * Who may start a review, in the browser (issue 9 §1): a handling editor invites a reviewer to a paper of their
 * editor specialization and is told a paper of another field does not exist; while the at-upload fee is unpaid the
 * editor is told so and the add-reviewer button stays disabled.
 */

const SLUG = 'general';
const SARA = 'Sara Youssef';
const SHOTS = '/tmp/shots-review-access';
mkdirSync(SHOTS, { recursive: true });

const shot = async (page: Page, name: string) => {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Papers of the demo researcher, submitted through the API: `specialization` is the journal's n-th (from 0). */
async function papersOf(
  baseURL: string,
  titles: { title: string; specialization?: number; coAuthors?: { fullName: string; email: string }[] }[],
) {
  const researcher = await ApiClient.signIn(baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const made = [];
    for (const paper of titles) made.push({ ...paper, ...(await submittedPaper(researcher, SLUG, paper)) });
    return made;
  } finally {
    await researcher.dispose();
  }
}

for (const language of LANGUAGES) {
  test(`a handling editor invites a reviewer to a paper of their field and cannot open one of another (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const stamp = `${language} ${Date.now()}`;
    // Computer Science is the demo handling editor's field; Environmental Science is not.
    const [theirs, other] = await papersOf(platform.baseURL, [
      { title: `Edge caching for rural clinics ${stamp}` },
      { title: `Nile delta groundwater salinity ${stamp}`, specialization: 1 },
    ]);

    await visit(`/${SLUG}/`, language);
    await login(`handling@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${theirs!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: theirs!.title })).toBeVisible();
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_1'));
    const section = page.getByTestId('reviewers-section');
    await expect(section.getByText(text('decisions.no_reviewers'), { exact: true })).toBeVisible();

    await page.getByTestId('add-reviewer').click();
    const invite = page.getByRole('dialog', { name: text('decisions.add_reviewer') });
    await invite.getByRole('radio', { name: new RegExp(SARA) }).click();
    if (language === 'ar') await expectArabicPage(page, 'إضافة محكِّم');
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `handling-invite-${language}`);
    await invite.getByTestId('invite-send').click();
    await expect(invite).toBeHidden();

    // The first invitation starts the review: Sara's row, the paper under review.
    const row = section.getByTestId('reviewer-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(SARA);
    await expect(row.getByTestId('reviewer-status')).toHaveText(text('reviewing.review_status_1'));
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_2'));
    await shot(page, `handling-invited-${language}`);

    // A paper of another field: the dashboard's "not found", as if it did not exist.
    await page.goto(`/${SLUG}/dashboard/papers/${other!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('common.notFound_title'));
    await expect(page.getByText(text('backoffice.notFound_text'), { exact: true })).toBeVisible();
    await expect(page.getByText(other!.title)).toHaveCount(0);
    await expect(page.getByTestId('add-reviewer')).toHaveCount(0);
  });

  test(`a handling editor who co-authors a paper of their field never sees it on the desk nor opens it (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const stamp = `${language} ${Date.now()}`;
    // Both in the demo handling editor's field; the first names them as a co-author (issue 19 §1).
    const [own, control] = await papersOf(platform.baseURL, [
      {
        title: `Telemetry for dialysis units ${stamp}`,
        coAuthors: [{ fullName: 'Omar Khaled', email: `HANDLING@${SLUG}.test` }],
      },
      { title: `Offline triage on low-end phones ${stamp}` },
    ]);
    await visit(`/${SLUG}/`, language);
    await login(`handling@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/HandlingEditor`);
    await page.getByTestId('card-submitted').click();
    const dialog = page.getByTestId('card-dialog');
    const search = dialog.getByLabel(text('editorial.search_label'), { exact: true });
    await search.fill(stamp);
    await expect(dialog.getByTestId('desk-row')).toHaveCount(1);
    await expect(dialog.getByTestId('desk-row')).toContainText(control!.code);
    await expect(dialog.getByText(own!.title)).toHaveCount(0);
    if (language === 'ar') await expectArabicPage(page, 'أبحاث جديدة');
    await shot(page, `co-author-desk-${language}`);
    // Its address: the dashboard's "not found", as if it did not exist; nothing of the editor's part.
    await page.goto(`/${SLUG}/dashboard/papers/${own!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('common.notFound_title'));
    await expect(page.getByText(own!.title)).toHaveCount(0);
    await expect(page.getByTestId('add-reviewer')).toHaveCount(0);
    await page.goto(`/${SLUG}/dashboard/papers/${control!.id}`);
    await expect(page.getByTestId('add-reviewer')).toBeVisible();
  });

  test(`while the submission fee is unpaid the editor is told and cannot invite a reviewer (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    await withFees(platform.baseURL, SLUG, { atUpload: true }, async () => {
      const [unpaid] = await papersOf(platform.baseURL, [{ title: `Unpaid fee paper ${language} ${Date.now()}` }]);
      await visit(`/${SLUG}/`, language);
      await login(`editor@${SLUG}.test`, { language });
      await page.goto(`/${SLUG}/dashboard/papers/${unpaid!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: unpaid!.title })).toBeVisible();
      await expect(page.getByTestId('review-waits-for-payment')).toHaveText(
        text('submissions.review_waits_for_payment'),
      );
      const add = page.getByTestId('add-reviewer');
      await expect(add).toBeDisabled();
      await expect(add).toHaveAccessibleDescription(text('decisions.add_waits_for_payment'));
      await shot(page, `unpaid-${language}`);
    });
  });
}
