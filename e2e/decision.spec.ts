import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nameForAuthor } from '@journals/core/file-names';
import { formatDay } from '@journals/core/format';
import type { Page } from '@playwright/test';
import { expect, test, type Language } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { PDF } from './support/papers';
import { LANGUAGES, textOf } from './support/text';

/**
 * A final decision and what follows it (spec 02 §2, §3 "Final decision", §5 "Resubmit"): the demo researcher of
 * each journal has one proposal "accepted with modifications" (status 5, seeded with its decision, attachment and
 * revision deadline). The researcher reads the decision, prints the page, downloads the ethics form and resubmits;
 * the new version replaces the old one in the dashboard and both are in the history. The English run consumes the
 * general journal's paper, the Arabic run the ethics journal's: no other spec uses them. Then the final file of a
 * published paper, for its editor and for a guest.
 */

const SHOTS = process.env.DECISION_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The seeded revision request of each run: journal, researcher, code, title and the editor's comments. */
const SEEDED: Record<
  Language,
  { slug: string; researcher: string; code: string; title: string; author: string; comments: string }
> = {
  en: {
    slug: 'general',
    researcher: 'researcher@general.test',
    code: 'JAS.26.09.1',
    title: 'Structured nurse education and recovery after surgery',
    author: 'Karim Nabil',
    comments: 'Please add the sample size calculation and use the committee consent template, then resubmit.',
  },
  ar: {
    slug: 'ethics',
    researcher: 'researcher@ethics.test',
    code: 'REC.26.09.1',
    title: 'أثر التثقيف التمريضي المنظم على تعافي مرضى الجراحة',
    author: 'كريم نبيل',
    comments: 'يُرجى إضافة حساب حجم العينة واستخدام نموذج الموافقة المستنيرة المعتمد من اللجنة، ثم إعادة التقديم.',
  },
};

const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

/** The text of a PDF as pdftotext reads it, with Arabic presentation forms folded to their letters. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'decision-pdf-'));
  try {
    const file = path.join(dir, 'form.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFKC');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const language of LANGUAGES) {
  const seeded = SEEDED[language];

  test(`a researcher reads the final decision, prints the page, downloads the ethics form and resubmits the revised version (${language})`, async ({
    page,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const { slug, code } = seeded;

    await visit(`/${slug}/`, language);
    await login(seeded.researcher, { language });
    await page.goto(`/${slug}/dashboard`);

    // The "accepted with revisions" card lists the paper with its code and indigo status chip.
    await page.getByTestId('stat-acceptedWithRevisions').click();
    await expect(page.getByTestId('stat-acceptedWithRevisions')).toHaveAttribute('aria-pressed', 'true');
    const row = page.getByTestId('paper-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    const chip = row.getByText(text('papers.status_5'), { exact: true });
    await expect(chip).toBeVisible();
    await expect(chip.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Badge-root")]')).toHaveAttribute(
      'style',
      /indigo/,
    );
    await row.getByRole('link', { name: code, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/dashboard/papers/\\d+$`));
    const oldId = Number(/papers\/(\d+)$/.exec(page.url())![1]);

    // The page: title, code, status, and the decision panel with its comments, attachment and deadline.
    await expect(page.getByRole('heading', { level: 1, name: seeded.title })).toBeVisible();
    await expect(page.getByTestId('paper-code')).toHaveText(code);
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_5'));
    await expect(page.getByText(text('submissions.version', { version: 1 }), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('submissions.final_decision') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'القرار النهائي');
    const decision = page.getByTestId('final-decision');
    await expect(decision.getByText(text('submissions.decision_3'), { exact: true })).toBeVisible();
    await expect(decision.getByText(seeded.comments, { exact: true })).toBeVisible();
    const attachment = decision.getByRole('link', {
      name: text('submissions.decision_attachment', { name: 'committee-comments.pdf' }),
      exact: true,
    });
    await expect(attachment).toBeVisible();
    const attachmentAnswer = await page.context().request.get((await attachment.getAttribute('href'))!);
    expect(attachmentAnswer.status()).toBe(200);
    expect(attachmentAnswer.headers()['content-type']).toContain('application/pdf');
    expect(attachmentAnswer.headers()['content-disposition']).toContain('committee-comments.pdf');
    expect((await attachmentAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The reviewer's attachment for the author, stored as "Sara Youssef - comments for the author.pdf": on the
    // page, in the download's name and in the PDF's own metadata, "Reviewer 1", never the reviewer (issue 19 §2).
    const neutral = nameForAuthor(language, 1, 'x.pdf');
    const comment = page.getByTestId('reviewer-comment');
    const reviewerFile = comment.getByRole('link', { name: text('decisions.attachment', { name: neutral }) });
    await expect(reviewerFile).toBeVisible();
    await expect(page.getByText(/Sara Youssef|سارة يوسف/)).toHaveCount(0);
    const reviewerAnswer = await page.context().request.get((await reviewerFile.getAttribute('href'))!);
    expect(reviewerAnswer.status()).toBe(200);
    // The download names it in the language its request asks for (Accept-Language; this one asks none: English).
    expect(decodeURIComponent(reviewerAnswer.headers()['content-disposition']!)).toContain(
      nameForAuthor('en', 1, 'x.pdf'),
    );
    expect((await reviewerAnswer.body()).toString('latin1')).not.toMatch(/Sara|Youssef/);

    const paperAnswer = await page.request.get(`/api/journals/${slug}/papers/${oldId}`);
    const { revisionDeadline } = (await paperAnswer.json()) as { revisionDeadline: string };
    await expect(
      page.getByText(text('submissions.revision_deadline', { date: formatDay(revisionDeadline, language) }), {
        exact: true,
      }),
    ).toBeVisible();
    await shot(page, `${language}-decision-page`);

    // Print: the button calls the browser's print; the printed page keeps the paper and drops the buttons, the top
    // bar, the drawer and the footer, all on screen until then.
    await expect(page.getByTestId('resubmit')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: text('backoffice.drawer_label') })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __printed: boolean }).__printed = false;
      window.print = () => {
        (window as unknown as { __printed: boolean }).__printed = true;
      };
    });
    await page.getByRole('button', { name: text('submissions.print'), exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __printed: boolean }).__printed)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    for (const key of ['submissions.history', 'submissions.mail_staff', 'submissions.print']) {
      await expect(page.getByRole('button', { name: text(key), exact: true })).toBeHidden();
    }
    await expect(page.getByRole('link', { name: text('submissions.ethics_form'), exact: true })).toBeHidden();
    await expect(page.getByTestId('resubmit')).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: text('backoffice.drawer_label') })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: seeded.title })).toBeVisible();
    await expect(page.getByTestId('paper-code')).toBeVisible();
    await expect(decision).toBeVisible();
    await expect(page.getByText(text('submissions.department'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('paper-file').first()).toBeVisible();
    await shot(page, `${language}-print`);
    await page.emulateMedia({ media: 'screen' });

    // The ethics form opens in a new tab, as a PDF in the interface's language.
    const ethicsForm = page.getByRole('link', { name: text('submissions.ethics_form'), exact: true });
    await expect(ethicsForm).toHaveAttribute('target', '_blank');
    const form = await page.context().request.get((await ethicsForm.getAttribute('href'))!);
    expect(form.status()).toBe(200);
    expect(form.headers()['content-type']).toContain('application/pdf');
    const formBytes = await form.body();
    expect(formBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const formText = pdfText(formBytes);
    if (SHOTS) writeFileSync(`${SHOTS}/${language}-ethics-form.txt`, formText);
    expect(formText).toContain(code);
    if (language === 'ar') {
      expect(formText.includes(seeded.author) || formText.includes(seeded.title), formText).toBe(true);
    } else {
      expect(formText).toContain(seeded.title);
    }

    // Pressing the button: the new tab shows the form once the server has made it.
    const [formTab] = await Promise.all([page.waitForEvent('popup'), ethicsForm.click()]);
    await expect
      .poll(async () => formTab.url(), { timeout: 15_000 })
      .toContain(`/papers/${oldId}/ethics-form.pdf?lang=${language}`);
    await formTab.close();
    // When the form cannot be made, the tab closes and the page says so.
    await page.route('**/ethics-form.pdf?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    const [failedTab] = await Promise.all([page.waitForEvent('popup'), ethicsForm.click()]);
    await expect(page.getByText(text('submissions.ethics_form_failed'), { exact: true })).toBeVisible();
    await expect.poll(() => failedTab.isClosed()).toBe(true);
    await page.unroute('**/ethics-form.pdf?*');

    // Resubmit: nothing chosen is refused slot by slot; the consent may stay the old one.
    await page.getByTestId('resubmit').click();
    const dialog = page.getByRole('dialog', { name: text('submissions.resubmit') });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('resubmit-send').click();
    await expect(dialog.getByText(text('validation.file_required'), { exact: true })).toHaveCount(3);
    for (const kind of ['proposalFile', 'departmentApprovalDocuments', 'paymentReceipt']) {
      const input = dialog.getByLabel(text(`papers.file_${kind}`));
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByLabel(text('papers.file_signedInformedConsent'))).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await shot(page, `${language}-resubmit-errors`);

    const revised = {
      proposalFile: 'revised-proposal.pdf',
      departmentApprovalDocuments: 'revised-approval.pdf',
      paymentReceipt: 'revised-receipt.pdf',
    };
    for (const [kind, name] of Object.entries(revised)) {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByLabel(text(`papers.file_${kind}`)).click();
      await (await chooser).setFiles(pdfFile(name));
      await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText(text('validation.file_required'), { exact: true })).toHaveCount(0);
    await dialog.getByTestId('resubmit-send').click();
    await expect(page.getByText(text('submissions.resubmitted'), { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The author lands on the new version: submitted, version 2, the same code, no decision yet.
    await expect(page).not.toHaveURL(new RegExp(`/papers/${oldId}$`));
    await expect(page).toHaveURL(new RegExp(`/${slug}/dashboard/papers/\\d+$`));
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_1'));
    await expect(page.getByText(text('submissions.version', { version: 2 }), { exact: true })).toBeVisible();
    await expect(page.getByTestId('paper-code')).toHaveText(code);
    await expect(page.getByTestId('final-decision')).toHaveCount(0);
    await expect(page.getByTestId('resubmit')).toHaveCount(0);
    for (const [kind, name] of Object.entries(revised)) {
      await expect(
        page.getByTestId('paper-file').filter({ hasText: `${text(`papers.file_${kind}`)}: ${name}` }),
      ).toHaveCount(1);
    }

    // The history has both versions: the first with its decision, the second as submitted with the new files.
    await page.getByRole('button', { name: text('submissions.history'), exact: true }).click();
    const history = page.getByRole('dialog', { name: text('submissions.history') });
    const entries = history.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    const first = entries.nth(0);
    await expect(first.getByText(text('submissions.version', { version: 1 }), { exact: true })).toBeVisible();
    await expect(first.getByTestId('history-status')).toHaveText(text('papers.status_5'));
    await expect(
      first.getByTestId('final-decision').getByText(text('submissions.decision_3'), { exact: true }),
    ).toBeVisible();
    await expect(
      first.getByRole('link', {
        name: text('submissions.decision_attachment', { name: 'committee-comments.pdf' }),
        exact: true,
      }),
    ).toBeVisible();
    const second = entries.nth(1);
    await expect(second.getByText(text('submissions.version', { version: 2 }), { exact: true })).toBeVisible();
    await expect(second.getByTestId('history-status')).toHaveText(text('papers.status_1'));
    await expect(second.getByTestId('final-decision')).toHaveCount(0);
    for (const [kind, name] of Object.entries(revised)) {
      await expect(
        second.getByRole('link', { name: `${text(`papers.file_${kind}`)}: ${name}`, exact: true }),
      ).toBeVisible();
    }
    await shot(page, `${language}-history`);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // The dashboard lists only the newest version, waiting; none is left to revise.
    await page.goto(`/${slug}/dashboard`);
    await page.getByLabel(text('submissions.search_label')).fill(code);
    const rows = page.getByTestId('paper-row').filter({ hasText: code });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByText(text('papers.status_1'), { exact: true })).toBeVisible();
    await page.getByTestId('stat-acceptedWithRevisions').click();
    await expect(page.getByTestId('paper-row')).toHaveCount(0);
  });

  test(`the editor opens a published paper's page and its final PDF, which a guest can fetch too (${language})`, async ({
    page,
    browser,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const slug = 'general';
    // The journal's home lists its most viewed published papers.
    const home = (await (await page.request.get(`/api/journals/${slug}/home`)).json()) as {
      mostPopularPapers: { id: number; title: { en: string; ar: string } }[];
    };
    const published = home.mostPopularPapers[0]!;

    await visit(`/${slug}/`, language);
    await login('editor@general.test', { language });
    await page.goto(`/${slug}/dashboard/papers/${published.id}`);
    await expect(page.getByRole('heading', { level: 1, name: published.title.en })).toBeVisible();
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_7'));
    await expect(
      page.getByText(text('submissions.in_issue', { volume: 1, issue: '1' }), { exact: true }),
    ).toBeVisible();
    const finalFile = page.getByTestId('final-file');
    await expect(finalFile).toHaveText(text('submissions.final_file'));
    if (language === 'ar') await expectArabicPage(page, 'النسخة النهائية (PDF)');
    await expect(finalFile).toHaveAttribute('target', '_blank');
    await shot(page, `${language}-published-paper`);
    const href = (await finalFile.getAttribute('href'))!;
    const asEditor = await page.context().request.get(href);
    expect(asEditor.status()).toBe(200);
    expect(asEditor.headers()['content-type']).toContain('application/pdf');
    expect(asEditor.headers()['content-disposition']).toMatch(/^inline/);
    expect((await asEditor.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const guest = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const asGuest = await guest.request.get(href);
      expect(asGuest.status()).toBe(200);
      expect(asGuest.headers()['content-type']).toContain('application/pdf');
      expect(await asGuest.body()).toEqual(await asEditor.body());
    } finally {
      await guest.close();
    }
  });
}
