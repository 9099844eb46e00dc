import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { PDF, submittedPaper } from './support/papers';
import type { Platform } from './support/platform';
import { LANGUAGES, textOf } from './support/text';

/**
 * DOIs registered, not just printed (issue 46 §1): the journal's manager sets its Crossref account and suffix
 * pattern on the DOI registration screen; an editor publishes an issue and sees each paper's DOI go from waiting to
 * registered at the platform's local Crossref (support/platform.ts), one refused by Crossref with its message, then
 * sent again once fixed and registered; in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-doi';
mkdirSync(SHOTS, { recursive: true });

const shot = async (page: Page, name: string) => {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** An issue in press with two accepted papers of the demo researcher, the second with a DOI typed for it. */
async function issueInPress(platform: Platform, stamp: string, typedDoi: string) {
  const researcher = await ApiClient.signIn(platform.baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
  const editor = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const issue = await editor.ok<{ id: number }>(
      editor.post(`/api/journals/${SLUG}/issues`, {
        issue: '1',
        volume: 200 + (Date.now() % 700),
        publishMonth: '05 2026',
        publishDate: '2026-05-10',
        isAllow: true,
      }),
    );
    const ids: number[] = [];
    for (const [index, title] of [`Tides and sleep ${stamp}`, `Refused once ${stamp}`].entries()) {
      const paper = await submittedPaper(researcher, SLUG, { title });
      await editor.ok(
        editor.upload(`/api/journals/${SLUG}/papers/${paper.id}/decision`, {
          decision: JSON.stringify({ decision: 1, comments: 'Accepted for publication.' }),
        }),
      );
      await editor.ok(
        editor.upload(`/api/journals/${SLUG}/issues/${issue.id}/papers`, {
          paperId: String(paper.id),
          orderInIssue: String(index + 1),
          fromPage: String(index * 10 + 1),
          toPage: String(index * 10 + 9),
          ...(index === 1 ? { doi: typedDoi } : {}),
          finalVersion: { name: 'final.pdf', mimeType: 'application/pdf', buffer: PDF },
        }),
      );
      ids.push(paper.id);
    }
    return { issueId: issue.id, ids };
  } finally {
    await researcher.dispose();
    await editor.dispose();
  }
}

for (const language of LANGUAGES) {
  const text = textOf(language);

  test(`the manager sets the Crossref account; publishing registers each DOI, a refused one is sent again (${language})`, async ({
    page,
    platform,
    openScreen,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${language}`;
    const refused = `10.5555/refused.${stamp}`;
    const crossrefMessage = 'Record not processed because the journal title does not match the ISSN';
    platform.crossref.refuse.set(refused, crossrefMessage);
    const { issueId, ids } = await issueInPress(platform, stamp, refused);

    // The DOI registration screen: the prefix from the journal data, the pattern's example, the account.
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'doiRegistration', language });
    if (language === 'ar') await expectArabicPage(page, 'تسجيل معرّفات DOI');
    const form = page.getByTestId('doi-settings-form');
    await expect(form.getByTestId('doi-prefix')).toHaveText('10.5555');
    await expect(form.getByTestId('doi-example')).toContainText('10.5555/general.');
    await form.getByLabel(text('doi.suffixPattern'), { exact: true }).fill('{journal}.{year}');
    await form.getByRole('radio', { name: text('doi.system_test') }).check();
    await form.getByLabel(text('doi.login'), { exact: true }).fill(platform.crossref.login);
    await form.getByLabel(text('doi.password'), { exact: true }).fill(platform.crossref.password);
    await form.getByRole('button', { name: text('doi.save') }).click();
    // A pattern that cannot tell two papers apart is refused on its field, in the reader's language.
    await expect(form.getByText(text('doi.pattern_not_unique'))).toBeVisible();
    await form.getByLabel(text('doi.suffixPattern'), { exact: true }).fill('{journal}.{year}.{volume}.{issue}.{order}');
    await expect(form.getByTestId('doi-example')).toContainText('.1.1.3');
    await shot(page, `doi-settings-${language}`);
    await form.getByRole('button', { name: text('doi.save') }).click();
    await expect(page.getByText(text('doi.saved'))).toBeVisible();
    await expect(form.getByText(text('doi.password_set'))).toBeVisible();

    // Publishing the issue: each paper's DOI, from waiting to registered; the refused one with Crossref's message.
    await page.goto(`/${SLUG}/admin/IssuesManagement/paperIssue/${issueId}`);
    await page.getByTestId('publish-issue').click();
    await page.getByTestId('confirm-publish').click();
    await expect(page.getByTestId('issue-status')).toHaveText(text('issues.status_1'));
    const first = page.getByTestId(`issue-paper-${ids[0]}`);
    const second = page.getByTestId(`issue-paper-${ids[1]}`);
    await expect(first.getByTestId('doi-cell')).toContainText(/10\.5555\/general\.2026\.\d+\.1\.1/);
    await expect(first.getByTestId('doi-state')).toHaveText(text('doi.state_deposited'), { timeout: 30_000 });
    await expect(second.getByTestId('doi-state')).toHaveText(text('doi.state_failed'), { timeout: 30_000 });
    await expect(second.getByTestId('doi-message')).toHaveText(crossrefMessage);
    await shot(page, `doi-refused-${language}`);

    // Fixed at Crossref's end, sent again: registered.
    platform.crossref.refuse.delete(refused);
    await second.getByTestId('doi-deposit-again').click();
    await expect(page.getByText(text('doi.deposit_again_done'))).toBeVisible();
    await expect(second.getByTestId('doi-state')).toHaveText(text('doi.state_deposited'), { timeout: 30_000 });
    await expect(second.getByTestId('doi-deposit-again')).toBeHidden();
    await shot(page, `doi-registered-${language}`);
    const deposited = platform.crossref.deposits.filter((deposit) => deposit.xml.includes(refused));
    expect(deposited.length).toBe(2);

    // The paper's own page in the archive management says the same.
    await page.goto(`/${SLUG}/admin/ArchiveManagement/Papers/${ids[1]}/Edit`);
    const card = page.getByTestId('paper-doi');
    await expect(card).toContainText(refused);
    await expect(card.getByTestId('doi-state')).toHaveText(text('doi.state_deposited'));
  });
}
