import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatNumber } from '@journals/core/format';
import type { ArchiveIssueResponse, ArchiveTimelineResponse } from '@journals/core/schemas/archive';
import type { ExportListResponse } from '@journals/core/schemas/exports';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginThroughDialog, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Leaving (issue 45 "Done means": "exports the journal and imports it into an empty journal with the same result"):
 * the manager of a demo journal with an archive exports it from the Import screen as OJS Native XML, follows the
 * export to ready and downloads its file; the platform administrator imports that file into a journal made empty
 * for it, through the same screen (the dry run, then the import); the new journal's public archive has the same
 * issues, the same papers in them (titles in both languages, authors, pages, DOIs) and the same PDFs. The export is
 * then deleted behind its confirmation. English on the general journal, Arabic on the ethics committee's. A second
 * test shows a failed export's reason and a running one's bar, the list answered with them (neither state can be
 * reached on the demo's small archive from a browser: its export is ready at once and its PDFs are all there).
 */

const SHOTS = '/tmp/shots-exports';
mkdirSync(SHOTS, { recursive: true });
const SOURCE = { en: 'general', ar: 'ethics' } as const;

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** Screenshots at a desktop's width and a phone's, the page back at the desktop's after. */
async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The public archive of a journal as its pages read it: every issue with its papers, in the timeline's order. */
async function archiveOf(api: ApiClient, slug: string) {
  const timeline = await api.ok<ArchiveTimelineResponse>(api.get(`/api/journals/${slug}/archive`));
  const issues = timeline.volumes.flatMap((volume) => volume.issues);
  const contents = await Promise.all(
    issues.map((issue) =>
      api.ok<ArchiveIssueResponse>(
        api.get(`/api/journals/${slug}/archive/volumes/${issue.volume}/issues/${issue.issue}`),
      ),
    ),
  );
  return { timeline, contents };
}

/** What a reader compares between the two archives: issues and their papers, without our ids. */
const shownOf = (archive: Awaited<ReturnType<typeof archiveOf>>) => ({
  timeline: archive.timeline,
  contents: archive.contents.map(({ papers, ...issue }) => ({
    ...issue,
    papers: papers.map(({ id: _id, ...paper }) => paper),
  })),
});

for (const language of LANGUAGES) {
  test(`a manager exports the archive as OJS, and the file imported into an empty journal gives the same archive (${language})`, async ({
    page,
    browser,
    platform,
    openScreen,
    seriousViolations,
  }) => {
    test.setTimeout(180_000);
    const text = textOf(language);
    const slug = SOURCE[language];
    const target = `moved-${language}-${Date.now().toString(36)}`;

    // The journal the archive moves to, made empty by the platform administrator.
    const admin = await ApiClient.signIn(platform.baseURL, 'general', 'admin@platform.test', DEMO_PASSWORD);
    await admin.ok(
      admin.post('/api/journals/general/platform/journals', {
        slug: target,
        titleEn: 'Journal of Arrivals',
        titleAr: 'مجلة الوافدين',
        defaultLanguage: language,
        managerEmail: `manager-${target}@example.org`,
        managerName: 'Rania Fawzi',
      }),
    );

    // The manager's Import screen: the Export part, each format with what it is for, no export yet.
    await openScreen({ slug, email: `editor@${slug}.test`, screen: 'imports', language });
    const exports = page.getByRole('region', { name: text('exports.title') });
    await expect(exports.getByTestId('exports-empty')).toHaveText(text('exports.empty'));
    await expect(exports.getByText(text('exports.format_use_ojs'))).toBeVisible();
    await expect(exports.getByText(text('exports.format_use_jats'))).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, text('exports.title'));
    expect(await seriousViolations()).toEqual([]);
    await shoot(page, `form-${language}`);

    // OJS Native XML: the export is made in the background and followed to ready.
    await exports.getByRole('radio', { name: text('exports.format_jats') }).check();
    await exports.getByRole('radio', { name: text('exports.format_ojs') }).check();
    await exports.getByTestId('export-start').click();
    const row = exports.getByTestId('export-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('export-state')).toHaveText(text('exports.state_done'), { timeout: 60_000 });
    const [view] = ((await (await page.request.get(`/api/journals/${slug}/exports`)).json()) as ExportListResponse)
      .items;
    expect(view!.state).toBe('done');
    expect(view!.progress.papers).toBeGreaterThan(0);
    expect(view!.progress.papersDone).toBe(view!.progress.papers);
    const { papers } = view!.progress;
    await expect(row.getByTestId('export-progress')).toHaveText(
      text('exports.papers_done', { count: papers, done: papers, total: papers }),
    );
    await expect(row).toContainText(text('exports.short_ojs'));
    // The size in the page's digits and units (kilobytes or megabytes for the demo's small PDFs).
    await expect(row.getByTestId('export-size')).toHaveText(
      new RegExp(formatNumber(Math.floor(view!.bytes! / 1024 ** (view!.bytes! >= 1024 ** 2 ? 2 : 1)), language)),
    );
    expect(await seriousViolations()).toEqual([]);
    await shoot(page, `done-${language}`);

    // Downloaded under its name.
    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: text('exports.download_named', { name: view!.fileName! }) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(view!.fileName);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'journal-export-')), download.suggestedFilename());
    await download.saveAs(file);

    // The platform administrator imports it into the empty journal through its Import screen.
    const context = await browser.newContext({
      baseURL: platform.baseURL,
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const other = await context.newPage();
    await setLanguage(other, language);
    await other.goto(`/${target}/`);
    await loginThroughDialog(other, 'admin@platform.test', { language });
    await other.goto(`/${target}/dashboard/import`);
    await expect(other.getByRole('heading', { level: 1, name: text('backoffice.screen_imports') })).toBeVisible();
    await other.getByRole('radio', { name: text('imports.source_ojs') }).check();
    await other.locator('input[type=file]').setInputFiles(file);
    await other.getByTestId('import-check').click();
    const detail = other.getByTestId('import-detail');
    await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_checked'), { timeout: 60_000 });
    const count = (action: string) => detail.getByTestId(`summary-${action}`).getByTestId('stat-count');
    await expect(count('create')).not.toHaveText(formatNumber(0, language));
    for (const action of ['update', 'skip', 'refuse'])
      await expect(count(action)).toHaveText(formatNumber(0, language));
    await detail.getByTestId('import-run').click();
    await expect(detail.getByTestId('import-state')).toHaveText(text('imports.state_done'), { timeout: 60_000 });
    await other.screenshot({ path: `${SHOTS}/imported-${language}-1280.png`, fullPage: true });

    // The same archive on the new journal's public pages: issues, papers, titles in both languages, PDFs.
    const before = await archiveOf(admin, slug);
    const after = await archiveOf(admin, target);
    expect(before.contents.length).toBeGreaterThan(0);
    expect(shownOf(after)).toEqual(shownOf(before));
    const sourcePaper = before.contents[0]!.papers[0]!;
    const movedPaper = after.contents[0]!.papers[0]!;
    expect(movedPaper.title).toEqual(sourcePaper.title);
    const pdf = async (of: string, id: number) => {
      const answer = await admin.get(`/api/journals/${of}/archive/papers/${id}/pdf`);
      expect(answer.status(), `${of} paper ${id}'s PDF`).toBe(200);
      expect(answer.headers()['content-type']).toContain('application/pdf');
      return answer.body();
    };
    expect((await pdf(target, movedPaper.id)).equals(await pdf(slug, sourcePaper.id))).toBe(true);
    await other.goto(`/${target}/archive/papers/${movedPaper.id}`);
    await expect(other.getByRole('heading', { level: 1 })).toContainText(
      movedPaper.title[language] || movedPaper.title.en || movedPaper.title.ar,
    );
    await expect(other.getByTestId('full-text-link')).toBeVisible();
    await context.close();
    await admin.dispose();

    // Deleted behind its confirmation: the list is empty again.
    await row.getByTestId('export-delete').click();
    await expect(page.getByRole('dialog')).toContainText(text('exports.delete_body'));
    await page.getByTestId('confirm-export-delete').click();
    await expect(exports.getByTestId('exports-empty')).toHaveText(text('exports.empty'));
  });

  test(`a failed export says why in the page's language and offers no download; one being made shows its bar and cannot be deleted; one done without lost PDFs names their papers (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const slug = SOURCE[language];
    // The list is answered with an export being made, one failed and one done without the PDFs the storage no longer
    // had (decision 0084), their words translated as the server gives them, so the screen can be seen showing each.
    const titles = ['Groundwater Recharge in the Tigris Basin', 'تغذية المياه الجوفية في حوض دجلة'];
    const failed: ExportListResponse = {
      items: [
        {
          id: 9002,
          format: 'ojs',
          state: 'running',
          createdAt: new Date().toISOString(),
          createdBy: null,
          startedAt: new Date().toISOString(),
          finishedAt: null,
          progress: { papers: 40, papersDone: 10 },
          fileName: null,
          bytes: null,
          error: null,
          missingFiles: null,
        },
        {
          id: 9001,
          format: 'jats',
          state: 'failed',
          createdAt: new Date(Date.now() - 60_000).toISOString(),
          createdBy: null,
          startedAt: new Date(Date.now() - 59_000).toISOString(),
          finishedAt: new Date().toISOString(),
          progress: { papers: 12, papersDone: 5 },
          fileName: null,
          bytes: null,
          error: { key: 'exports.failed_unexpectedly', message: text('exports.failed_unexpectedly') },
          missingFiles: null,
        },
        {
          id: 9000,
          format: 'ojs',
          state: 'done',
          createdAt: new Date(Date.now() - 120_000).toISOString(),
          createdBy: null,
          startedAt: new Date(Date.now() - 119_000).toISOString(),
          finishedAt: new Date(Date.now() - 100_000).toISOString(),
          progress: { papers: 30, papersDone: 30 },
          fileName: `${slug}-ojs-native.xml`,
          bytes: 2048,
          error: null,
          missingFiles: { count: 2, message: text('exports.missing_pdfs', { count: 2 }), titles },
        },
      ],
    };
    await page.route(`**/api/journals/${slug}/exports`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: failed }) : route.fallback(),
    );
    await openScreen({ slug, email: `editor@${slug}.test`, screen: 'imports', language });
    const rows = page.getByRole('region', { name: text('exports.title') }).getByTestId('export-row');
    const running = rows.first();
    await expect(running.getByTestId('export-state')).toHaveText(text('exports.state_running'));
    const made = text('exports.papers_done', { count: 40, done: 10, total: 40 });
    await expect(running.getByRole('progressbar', { name: made })).toHaveAttribute('aria-valuenow', '25');
    await expect(running.getByTestId('export-delete')).toHaveCount(0);
    await expect(running.getByTestId('export-download')).toHaveCount(0);
    const row = rows.nth(1);
    await expect(row.getByTestId('export-state')).toHaveText(text('exports.state_failed'));
    await expect(row.getByTestId('export-error')).toHaveText(text('exports.failed_unexpectedly'));
    await expect(row.getByTestId('export-progress')).toHaveText(
      text('exports.papers_done', { count: 12, done: 5, total: 12 }),
    );
    await expect(row).toContainText(text('exports.short_jats'));
    await expect(row.getByTestId('export-download')).toHaveCount(0);
    await expect(row.getByTestId('export-delete')).toBeVisible();
    const lacking = rows.last();
    await expect(lacking.getByTestId('export-state')).toHaveText(text('exports.state_done'));
    await expect(lacking.getByTestId('export-missing')).toContainText(text('exports.missing_pdfs', { count: 2 }));
    await expect(lacking.getByTestId('export-missing').getByRole('listitem')).toHaveText(titles);
    await expect(lacking.getByTestId('export-download')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/failed-${language}-1280.png` });
  });
}
