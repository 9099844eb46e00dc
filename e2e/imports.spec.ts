import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatNumber } from '@journals/core/format';
import { JOURNAL_DISK_BUDGET } from '@journals/core/limits';
import { placeText } from '@journals/core/schemas/import-place';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Moving in (issue 45 "Done means"): a journal manager opens the Import screen, uploads a realistic OJS Native XML
 * export of a bilingual journal (two issues, English and Arabic papers, an embedded PDF, one broken record), reads
 * the dry run, imports the others, follows the import to its end, finds an imported paper on its issue's page and
 * through search; then imports the same file again: the check creates nothing, and the issue still lists the paper
 * once; the first import, opened again from the list, is undone and the paper leaves the site. In English (journal general) and Arabic (journal ethics: each language starts from a journal the file
 * never reached).
 */

const SHOTS = '/tmp/shots-imports';
mkdirSync(SHOTS, { recursive: true });
const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/ojs');
const EXPORT = path.join(FIXTURES, 'bilingual-issues.xml');
/** OJS Users XML: four people (one with an address that is none), roles in English and Arabic. */
const PEOPLE = path.join(FIXTURES, 'users.xml');
const PERSON = 'sara.najjar@example.org';
const JOURNAL = { en: 'general', ar: 'ethics' } as const;
/**
 * A paper of the export (volume 3, issue 1), by its title in each language, and a word of it to search; the report
 * names a record by the title the file gives it first (its English one here), whatever the page's language.
 */
const REPORT_TITLE = 'Groundwater Recharge in the Tigris Basin';
const PAPER = {
  en: { title: 'Groundwater Recharge in the Tigris Basin', word: 'Groundwater' },
  ar: { title: 'تغذية المياه الجوفية في حوض دجلة', word: 'الجوفية' },
} as const;

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** Screenshots of the screen at a desktop's width and a phone's, the page back at the desktop's after. */
async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const countOf = (detail: Locator, action: string) => detail.getByTestId(`summary-${action}`).getByTestId('stat-count');

/** Chooses the OJS source, the export, and Check: the import opens and its dry run settles as checked. */
async function checkExport(page: Page, text: ReturnType<typeof textOf>) {
  await page.getByRole('radio', { name: text('imports.source_ojs') }).check();
  await expect(page.getByText(text('imports.expects_ojs'))).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(EXPORT);
  await page.getByTestId('import-check').click();
  const detail = page.getByTestId('import-detail');
  await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_checked'), { timeout: 30_000 });
  await expect(detail.getByTestId('import-file-name')).toHaveText('bilingual-issues.xml');
  return detail;
}

/** Import (the others, when something was refused): the import runs in the background and ends done. */
async function runImport(page: Page, detail: Locator, text: ReturnType<typeof textOf>) {
  // The states the screen read while it followed the import, in order.
  const seen: string[] = [];
  page.on('response', async (response) => {
    if (/\/imports\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET')
      seen.push(((await response.json().catch(() => ({}))) as { state?: string }).state ?? '?');
  });
  await detail.getByTestId('import-run').click();
  await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_done'), { timeout: 60_000 });
  expect(seen.at(-1)).toBe('done');
  return seen;
}

for (const language of LANGUAGES) {
  test(`a manager imports a bilingual OJS export, finds its papers on the site and in search, importing it again duplicates nothing, and undoing the first takes it away (${language})`, async ({
    page,
    visit,
    openScreen,
    seriousViolations,
  }) => {
    test.setTimeout(240_000);
    const text = textOf(language);
    const slug = JOURNAL[language];
    const digits = (value: number) => formatNumber(value, language);
    await openScreen({ slug, email: `editor@${slug}.test`, screen: 'imports', language });
    await expect(page.getByTestId('history-empty')).toHaveText(text('imports.history_empty'));
    if (language === 'ar') await expectArabicPage(page, 'استيراد جديد');
    expect(await seriousViolations()).toEqual([]);
    await shoot(page, `form-${language}`);

    // The dry run: what would be created, and the broken record refused with its reason; nothing written yet.
    const detail = await checkExport(page, text);
    await expect(countOf(detail, 'create')).not.toHaveText(digits(0));
    await expect(countOf(detail, 'refuse')).not.toHaveText(digits(0));
    const paperLine = detail.getByTestId('report-line').filter({ hasText: REPORT_TITLE });
    await expect(paperLine.getByTestId('line-action')).toHaveText(text('imports.action_create'));
    await detail.getByTestId('summary-refuse').click();
    const refused = detail.getByTestId('report-line');
    await expect(refused.first().getByTestId('line-action')).toHaveText(text('imports.action_refuse'));
    await expect(refused.first().getByTestId('line-reason')).not.toBeEmpty();
    // Its place in the file, in the page's language: the first <issue>'s third article ("العدد ١ … › المقالة ٣ …").
    await expect(refused.first().getByTestId('line-place')).toHaveText(
      placeText(language, [
        { at: 'issue', n: 1, volume: 3, number: '1' },
        { at: 'article', n: 3, id: '103' },
      ]),
    );
    await expect(detail.getByTestId('report-csv')).toHaveAttribute(
      'href',
      new RegExp(`/report\\.csv\\?lang=${language}$`),
    );
    expect(await seriousViolations()).toEqual([]);
    await shoot(page, `dry-run-${language}`);
    await detail.getByTestId('summary-refuse').click();

    // Import the others: the import is followed to its end.
    await expect(detail.getByTestId('refusal-skip')).toBeChecked();
    const seen = await runImport(page, detail, text);
    expect(seen.some((state) => state === 'queued' || state === 'running' || state === 'done')).toBe(true);
    await expect(countOf(detail, 'create')).not.toHaveText(digits(0));
    await expect(detail.getByTestId('import-undo')).toBeEnabled();
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    expect(await seriousViolations()).toEqual([]);
    await shoot(page, `done-${language}`);

    // On the public site: the paper on its issue's page, and found by a word of its title.
    await visit(`/${slug}/archive/vol-3-i-1`, language);
    await expect(page.getByRole('article').filter({ hasText: PAPER[language].title })).toHaveCount(1);
    await visit(`/${slug}/search?search=${encodeURIComponent(PAPER[language].word)}`, language);
    await expect(page.getByTestId('search-hit').filter({ hasText: PAPER[language].title })).toHaveCount(1);

    // The same file again: the check creates nothing, the import updates or skips, the issue lists the paper once.
    await page.goto(`/${slug}/dashboard/import`);
    await expect(page.getByRole('heading', { level: 1, name: text('backoffice.screen_imports') })).toBeVisible();
    const again = await checkExport(page, text);
    await expect(countOf(again, 'create')).toHaveText(digits(0));
    const sameLine = again.getByTestId('report-line').filter({ hasText: REPORT_TITLE });
    await expect(sameLine.getByTestId('line-action')).toHaveText(
      new RegExp(`^(${text('imports.action_update')}|${text('imports.action_skip')})$`),
    );
    await runImport(page, again, text);
    await expect(countOf(again, 'create')).toHaveText(digits(0));
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await shoot(page, `again-${language}`);
    await visit(`/${slug}/archive/vol-3-i-1`, language);
    await expect(page.getByRole('article').filter({ hasText: PAPER[language].title })).toHaveCount(1);

    // The first import, opened again from the list (newest first, so last), undone behind a confirmation.
    await page.goto(`/${slug}/dashboard/import`);
    await page.getByTestId('history-row').last().getByTestId('history-open').click();
    const first = page.getByTestId('import-detail');
    await expect(first.getByTestId('import-state')).toHaveText(text('imports.state_done'));
    await first.getByTestId('import-undo').click();
    await expect(page.getByRole('dialog')).toContainText(text('imports.undo_body'));
    await page.getByTestId('confirm-undo').click();
    await expect(first.getByTestId('import-state')).toHaveText(text('imports.state_undone'));
    await expect(first.getByTestId('import-undone')).toHaveText(text('imports.undone'));
    // The public archive's answers are cached for CACHE_TTL_MS (2 s by default): read again until it has turned.
    await expect(async () => {
      await visit(`/${slug}/archive/vol-3-i-1`, language);
      await expect(page.getByRole('article').filter({ hasText: PAPER[language].title })).toHaveCount(0, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
  });

  test(`the form says what each source expects, gives the spreadsheet's template, and shows a refused address in the page's language (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const slug = JOURNAL[language];
    await openScreen({ slug, email: `editor@${slug}.test`, screen: 'imports', language });
    await expect(page.getByTestId('import-history').or(page.getByTestId('history-empty'))).toBeVisible();
    const imports = await page.getByTestId('history-row').count();
    // A file chosen: its name, and a named button to remove it.
    await page.locator('input[type=file]').setInputFiles(EXPORT);
    await expect(page.getByTestId('import-file')).toHaveText('bilingual-issues.xml');
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: text('imports.file_clear') }).click();
    await expect(page.getByTestId('import-file')).toHaveText(text('imports.file_placeholder'));
    await page.getByRole('radio', { name: text('imports.source_spreadsheet') }).check();
    await expect(page.getByText(text('imports.expects_spreadsheet'))).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: text('imports.template_xlsx') }).click();
    expect((await download).suggestedFilename()).toBe(`${text('imports.template_file_name')}.xlsx`);

    await page.getByRole('radio', { name: text('imports.source_oai') }).check();
    await page.getByTestId('import-check').click();
    await expect(page.getByText(text('imports.url_required'))).toBeVisible();
    await page.getByLabel(text('imports.url_label')).fill('ftp://repository.example.org/oai');
    await page.getByTestId('import-check').click();
    await expect(page.getByText(text('imports.url_invalid'))).toBeVisible();
    // Refused, nothing was created: the list holds what it held before.
    await expect(page.getByTestId('history-row')).toHaveCount(imports);
  });

  test(`the people of an OJS Users export are imported without a mail, and invited when the manager decides (${language})`, async ({
    page,
    platform,
    openScreen,
  }) => {
    const text = textOf(language);
    const digits = (value: number) => formatNumber(value, language);
    // A journal of its own, made by the platform administrator: the people imported (a journal manager among them)
    // must not change the demo journals' people that other specs count.
    const slug = `people-${language}-${Date.now().toString(36)}`;
    const admin = await ApiClient.signIn(platform.baseURL, 'general', 'admin@platform.test', DEMO_PASSWORD);
    try {
      await admin.ok(
        admin.post('/api/journals/general/platform/journals', {
          slug,
          titleEn: 'Journal of Newcomers',
          titleAr: 'مجلة القادمين الجدد',
          defaultLanguage: language,
          managerEmail: `manager-${slug}@example.org`,
          managerName: 'Rania Fawzi',
        }),
      );
    } finally {
      await admin.dispose();
    }
    await openScreen({ slug, email: 'admin@platform.test', screen: 'imports', language });
    await page.getByRole('radio', { name: text('imports.source_ojsUsers') }).check();
    await page.locator('input[type=file]').setInputFiles(PEOPLE);
    await page.getByTestId('import-check').click();
    const detail = page.getByTestId('import-detail');
    await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_checked'), { timeout: 30_000 });
    await expect(countOf(detail, 'refuse')).not.toHaveText(digits(0));
    const since = platform.mailbox.messages.length;
    await detail.getByTestId('import-run').click();
    await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_done'), { timeout: 60_000 });
    expect(platform.mailbox.messages.slice(since).filter((mail) => mail.to.includes(PERSON))).toEqual([]);

    await detail.getByTestId('import-invite').click();
    await expect(page.getByRole('dialog')).toContainText(text('imports.invite_body'));
    await page.getByTestId('confirm-invite').click();
    const queued = text('imports.invite_queued', { count: 0 }).split(digits(0))[0]!;
    await expect(page.getByText(queued)).toBeVisible();
    await platform.mailbox.waitFor(PERSON, { since });
  });

  test(`a journal keeping the files of five imports in use refuses a sixth upload in the page's language, and nothing is created (${language})`, async ({
    page,
    baseURL,
    openScreen,
  }) => {
    const text = textOf(language);
    const slug = JOURNAL[language];
    const base = `/api/journals/${slug}/imports`;
    const editor = await ApiClient.signIn(baseURL!, slug, `editor@${slug}.test`, DEMO_PASSWORD);
    const waiting: number[] = [];
    try {
      // Five imports checked and waiting, each keeping its upload (decision 0084).
      const sheet = await (await editor.get(`${base}/template.csv?lang=en`)).body();
      for (let n = 0; n < JOURNAL_DISK_BUDGET.keptUploads; n += 1) {
        const file = { name: 'papers.csv', mimeType: 'text/csv', buffer: sheet };
        const created = await editor.ok<{ import: { id: number } }>(
          editor.upload(base, { source: 'spreadsheet', file }),
        );
        waiting.push(created.import.id);
      }
      for (const id of waiting) {
        const stateOf = async () => (await editor.ok<{ state: string }>(editor.get(`${base}/${id}`))).state;
        await expect.poll(stateOf, { timeout: 30_000 }).toBe('checked');
      }
      await openScreen({ slug, email: `editor@${slug}.test`, screen: 'imports', language });
      await expect(page.getByTestId('history-row').first()).toBeVisible();
      const rows = await page.getByTestId('history-row').count();
      await page.getByRole('radio', { name: text('imports.source_spreadsheet') }).check();
      // A file of 40 MB: the refusal comes before a byte of it is written, and the page reads it.
      const large = Buffer.concat([sheet, Buffer.alloc(40 * 1024 * 1024, ' ')]);
      await page.locator('input[type=file]').setInputFiles({ name: 'papers.csv', mimeType: 'text/csv', buffer: large });
      await page.getByTestId('import-check').click();
      await expect(page.getByTestId('import-start-error')).toHaveText(
        text('imports.too_many_uploads', { max: JOURNAL_DISK_BUDGET.keptUploads }),
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('history-row')).toHaveCount(rows);
    } finally {
      for (const id of waiting) await editor.delete(`${base}/${id}`);
      await editor.dispose();
    }
  });
}
