import { expect, test } from './fixtures';
import { LANGUAGES, textOf } from './support/text';

/**
 * A reader who kept a page open across an upgrade (issue 23 §2, decision 0058's companion for the web app): the new
 * build has removed the script files the old page names, so the next screen's file answers 404. The page loads the
 * new build once and shows the screen, instead of going blank.
 */
for (const language of LANGUAGES) {
  test(`a page open across an upgrade loads the new build when a screen's script is gone (${language})`, async ({
    page,
    visit,
  }) => {
    const text = textOf(language);
    await visit('/general/', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The archive's script as the old page names it: gone from the server, until the page loads the new build
    // (a document request: the reload), which the server answers with the files it has.
    let reloads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) reloads += 1;
    });
    let refused = 0;
    await page.route('**/assets/ArchivePage-*.js', async (route) => {
      if (reloads > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'not found' });
    });
    await page.getByRole('link', { name: text('public.nav_browse') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('archive.archive_title'));
    await expect(page).toHaveURL(/\/general\/archive$/);
    expect(refused).toBeGreaterThan(0);
    // One load of the new build, not a loop.
    expect(reloads).toBe(1);
  });
}
