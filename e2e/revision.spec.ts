import { PAPER_FILE_KINDS } from '@journals/core/files';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { submittedPaper } from './support/papers';
import { LANGUAGES, textOf } from './support/text';

/**
 * An amendment cites its original proposal (spec 02, docs/decisions/0005-submission-api.md): its author opens the
 * original from the amendment's page and reads its fields and files. The resubmission of a paper "accepted with
 * revisions" (status 5) is in decision.spec.ts, on the proposal the demo seed puts at status 5 in each journal.
 */

const SLUG = 'general';
const RESEARCHER = 'researcher@general.test';
const SUBMISSION_KIND = { new: 1, amendment: 2 } as const;

for (const language of LANGUAGES) {
  test(`a researcher opens the original proposal an amendment cites, sees its title and files, and goes back (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const stamp = `${language} ${Date.now()}`;
    const originalTitle = `Hand hygiene of ward nurses ${stamp}`;
    const amendmentTitle = `Hand hygiene of ward nurses, amended ${stamp}`;

    const researcher = await ApiClient.signIn(platform.baseURL, SLUG, RESEARCHER, DEMO_PASSWORD);
    let amendment: { id: number; code: string };
    let original: { id: number; code: string };
    try {
      original = await submittedPaper(researcher, SLUG, { title: originalTitle, kind: SUBMISSION_KIND.new });
      expect(original.code).toBeTruthy();
      amendment = await submittedPaper(researcher, SLUG, {
        title: amendmentTitle,
        kind: SUBMISSION_KIND.amendment,
        originalCode: original.code,
      });
    } finally {
      await researcher.dispose();
    }

    await visit(`/${SLUG}/`, language);
    await login(RESEARCHER, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${amendment.id}`);
    await expect(page.getByText(amendmentTitle).first()).toBeVisible();
    // Submitted (status 1), not at status 5: no resubmission is offered.
    await expect(page.getByTestId('resubmit')).toBeHidden();
    if (language === 'ar') await expectArabicPage(page, 'عرض المقترح الأصلي');
    await page.getByRole('link', { name: text('submissions.view_original'), exact: true }).click();

    await expect(page).toHaveURL(
      new RegExp(`/${SLUG}/dashboard/original-proposal/${encodeURIComponent(original.code)}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(text('submissions.original_title'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(original.code);
    await expect(page.getByText(originalTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(amendmentTitle)).toHaveCount(0);
    const files = page.getByTestId('paper-file');
    await expect(files).toHaveCount(PAPER_FILE_KINDS.length);
    for (const kind of PAPER_FILE_KINDS) {
      await expect(files.filter({ hasText: `${text(`papers.file_${kind}`)}: ${kind}.pdf` })).toHaveCount(1);
    }
    // Each file downloads through the original proposal's own route, as the signed-in reader.
    for (const href of await files.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toContain(`/papers/original/${encodeURIComponent(original.code)}/files/`);
      const download = await page.context().request.get(href!);
      expect(download.status()).toBe(200);
      expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }

    await page.getByRole('button', { name: text('submissions.back'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/papers/${amendment.id}$`));
    await expect(page.getByText(amendmentTitle).first()).toBeVisible();
  });
}
