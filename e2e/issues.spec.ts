import { mkdirSync } from 'node:fs';
import { formatNumber } from '@journals/core/format';
import { formatPrice } from '@journals/core/prices';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { PUBLISH_PRICE, withFees } from './support/fees';
import { PDF, submittedPaper } from './support/papers';
import type { Platform } from './support/platform';
import { LANGUAGES, textOf } from './support/text';

/**
 * Issues management (issue 21 §1, spec 03 §2 "Issues management", "Issue papers screen"): an editor creates an issue
 * at /{slug}/admin/IssuesManagement, opens it, assigns an accepted paper with its final PDF, publishes it after the
 * confirmation, and the paper's author gets the "published" mail with the link to the public paper page; in
 * English and in Arabic. The accepted paper is made through the API (submitted, then accepted by the editor).
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-issues';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A paper of the demo researcher, submitted and accepted by the editor's final decision. */
async function acceptedPaper(platform: Platform, title: string) {
  const researcher = await ApiClient.signIn(platform.baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
  const editor = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const paper = await submittedPaper(researcher, SLUG, { title });
    await editor.ok(
      editor.upload(`/api/journals/${SLUG}/papers/${paper.id}/decision`, {
        decision: JSON.stringify({ decision: 1, comments: 'Accepted for publication.' }),
      }),
    );
    return paper;
  } finally {
    await researcher.dispose();
    await editor.dispose();
  }
}

for (const language of LANGUAGES) {
  const text = textOf(language);

  test(`an editor creates an issue, assigns an accepted paper with its final PDF and publishes it; the author is told (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${language}`;
    const title = `Night shifts and memory ${stamp}`;
    const paper = await acceptedPaper(platform, title);
    const volume = 100 + (Date.now() % 800) + (language === 'ar' ? 1 : 0);

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/admin/IssuesManagement`);
    await expect(page.getByRole('heading', { name: text('backoffice.screen_issues'), level: 1 })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إدارة الأعداد');
    // The papers of an issue that is not there: the back office's not-found page (spec 03 §8).
    await page.goto(`/${SLUG}/admin/IssuesManagement/paperIssue/999999`);
    await expect(page).toHaveURL(`/${SLUG}/dashboard/notfound`);
    await expect(page.getByText(text('backoffice.notFound_text'))).toBeVisible();
    await page.goto(`/${SLUG}/admin/IssuesManagement`);

    // A new issue through the dialog.
    await page.getByTestId('add-issue').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('issues.field_issue'), { exact: true }).fill('4');
    await dialog.getByLabel(text('issues.field_volume'), { exact: true }).fill(String(volume));
    await dialog.getByRole('combobox', { name: text('issues.field_month'), exact: true }).click();
    const march = new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
      month: 'long',
      timeZone: 'UTC',
    }).format(Date.UTC(2000, 2, 1));
    await page.getByRole('option', { name: march, exact: true }).click();
    await dialog.getByLabel(text('issues.field_year'), { exact: true }).fill('2026');
    await dialog.getByLabel(text('issues.field_publish_date'), { exact: true }).fill('2026-03-20');
    await shot(page, `issue-dialog-${language}`);
    await dialog.getByTestId('issue-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(text('issues.created'))).toBeVisible();
    // This run's row: its month and its volume in a cell of its own (the other language's run may have made a March
    // issue too, and a row's text run together holds other numbers: "2026" then "15 March" reads "…202615…").
    const row = page
      .locator('[data-testid^="issue-row-"]', { hasText: march })
      .filter({ has: page.getByRole('cell', { name: formatNumber(volume, language), exact: true }) });
    await expect(row).toBeVisible();
    await shot(page, `issues-list-${language}`);

    // Its papers: assign the accepted paper with its final PDF and a DOI.
    await row.getByRole('link', { name: text('issues.open_papers', { issue: '4' }) }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin/IssuesManagement/paperIssue/\\d+$`));
    await expect(page.getByTestId('issue-status')).toHaveText(text('issues.status_0'));
    await page.getByTestId('assign-paper').click();
    const form = page.getByTestId('issue-paper-form');
    await form.getByRole('combobox', { name: text('issues.field_paper'), exact: true }).click();
    await page.getByRole('option', { name: new RegExp(stamp) }).click();
    await expect(form.getByTestId('issue-paper-title-en')).toHaveValue(title);
    await form.getByTestId('issue-paper-from').fill('1');
    await form.getByTestId('issue-paper-to').fill('12');
    await form.getByTestId('issue-paper-doi').fill(`doi:10.5555/${stamp}`);
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'final.pdf', mimeType: 'application/pdf', buffer: PDF });
    await shot(page, `issue-assign-${language}`);
    await form.getByTestId('issue-paper-save').click();
    await expect(form).toBeHidden();
    const placed = page.getByTestId(`issue-paper-${paper.id}`);
    await expect(placed).toBeVisible();
    await shot(page, `issue-papers-${language}`);

    // Publish, after the confirmation.
    const since = platform.mailbox.messages.length;
    await page.getByTestId('publish-issue').click();
    await expect(page.getByRole('dialog')).toContainText(text('issues.publish_confirm_title'));
    await page.getByTestId('confirm-publish').click();
    await expect(page.getByTestId('issue-status')).toHaveText(text('issues.status_1'));
    await expect(page.getByTestId('publish-issue')).toBeHidden();
    await expect(page.getByTestId('assign-paper')).toBeHidden();
    await shot(page, `issue-published-${language}`);

    // The author's mail: the issue, the volume and the public paper page.
    const mail = await platform.mailbox.waitFor(`researcher@${SLUG}.test`, { since });
    expect(mail.subject).toContain(String(volume));
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(`/${SLUG}/archive/papers/${paper.id}`);
    expect(mail.text).toContain(`https://doi.org/10.5555/${stamp}`);
  });
}

/** The sandbox gateway's Pay button (its own page, in the payer's language). */
const SANDBOX_PAY = { en: 'Pay', ar: 'ادفع' } as const;

for (const language of LANGUAGES) {
  const text = textOf(language);

  test(`the author of an accepted paper pays the publishing fee from the paper page; the editors then see it payable (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${language}`;
    const paper = await acceptedPaper(platform, `Publishing fee study ${stamp}`);
    await withFees(platform.baseURL, SLUG, { atPublish: true }, async () => {
      const editor = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
      try {
        const issue = await editor.ok<{ id: number }>(
          editor.post(`/api/journals/${SLUG}/issues`, {
            issue: '9',
            volume: 100 + (Date.now() % 800) + (language === 'ar' ? 3 : 2),
            publishMonth: '09 2026',
            publishDate: '2026-09-01',
          }),
        );
        const unpaid = await editor.ok<{ unassigned: { paperId: number; publishPaid: boolean }[] }>(
          editor.get(`/api/journals/${SLUG}/issues/${issue.id}/papers`),
        );
        expect(unpaid.unassigned.find((row) => row.paperId === paper.id)?.publishPaid).toBe(false);

        await visit(`/${SLUG}/`, language);
        await login(`researcher@${SLUG}.test`, { language });
        await page.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
        await expect(page.getByTestId('publish-payment-due')).toHaveText(text('submissions.publish_payment_due'));
        const pay = page.getByTestId('pay-publish');
        await expect(pay).toHaveText(
          text('submissions.pay_publish_amount', { amount: formatPrice(PUBLISH_PRICE, language) }),
        );
        await shot(page, `publish-fee-${language}`);
        const [popup] = await Promise.all([page.waitForEvent('popup'), pay.click()]);
        await popup.getByRole('button', { name: SANDBOX_PAY[language], exact: true }).click();
        await popup.waitForEvent('close', { timeout: 15_000 });
        await expect(page.getByTestId('payment-paid')).toHaveText(text('submissions.payment_paid'));
        await expect(pay).toBeHidden();

        const paid = await editor.ok<{ unassigned: { paperId: number; publishPaid: boolean }[] }>(
          editor.get(`/api/journals/${SLUG}/issues/${issue.id}/papers`),
        );
        expect(paid.unassigned.find((row) => row.paperId === paper.id)?.publishPaid).toBe(true);
      } finally {
        await editor.dispose();
      }
    });
  });
}
