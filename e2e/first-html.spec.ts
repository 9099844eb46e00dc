import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { textOf } from './support/text';

/** The bootstrap requests (GET /api/journals/{slug}) the page makes from now on. */
function bootstrapRequests(page: Page, slug: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/journals/${slug}`) seen.push(request.url());
  });
  return seen;
}

test('a journal home shows its journal from the first HTML, without asking for the journal (en)', async ({
  page,
  visit,
}) => {
  const requests = bootstrapRequests(page, 'general');
  await visit('/general/', 'en');
  await expect(
    page.getByRole('img', { name: textOf('en')('public.cover_alt', { name: 'Journal of Applied Sciences' }) }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Journal of Applied Sciences');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(requests).toEqual([]);
});

test('an Arabic journal home shows its journal from the first HTML, without asking for the journal (ar)', async ({
  page,
  visit,
}) => {
  const requests = bootstrapRequests(page, 'ethics');
  await visit('/ethics/', 'ar');
  await expectArabicPage(page, 'قدّم مقترحاتك البحثية للمراجعة الأخلاقية وتابعها حتى صدور القرار.');
  await expect(page).toHaveTitle('مجلة لجنة أخلاقيات البحث العلمي');
  expect(requests).toEqual([]);
});

test('a journal reached from the landing page asks for its journal, having none in the first HTML', async ({
  page,
  visit,
}) => {
  const requests = bootstrapRequests(page, 'general');
  await visit('/', 'en');
  await page.getByRole('link', { name: 'Journal of Applied Sciences' }).first().click();
  await expect(page).toHaveURL(/\/general\/?$/);
  await expect(
    page.getByRole('img', { name: textOf('en')('public.cover_alt', { name: 'Journal of Applied Sciences' }) }),
  ).toBeVisible();
  expect(requests.length).toBeGreaterThan(0);
});
