import AxeBuilder from '@axe-core/playwright';
import type { Language } from '@journals/core/enums';
import { TIMINGS } from '@journals/core/limits';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { Platform } from './support/platform';
import { textOf } from './support/text';

/** The interface languages, core's: the specs import the type with the fixtures. */
export type { Language };

interface WorkerFixtures {
  platform: Platform;
}

interface TestFixtures {
  /** What went wrong in the page (uncaught errors, console errors, failed or refused requests), printed when a test fails. */
  pageTrouble: void;
  /** Solves the ALTCHA widget on the page the way a person does: a click, then the proof of work. */
  solveCaptcha: () => Promise<void>;
  /** Opens a path of the platform in the given interface language. */
  visit: (path: string, language?: Language) => Promise<void>;
  /** Logs in through the header's login dialog. */
  login: (email: string, options?: { password?: string; language?: Language }) => Promise<void>;
  /**
   * Signs `email` in on the journal's home page in `language` and opens an editor-panel or dashboard screen from
   * the drawer, as a person does; waits for the screen's heading.
   */
  openScreen: (options: { slug: string; email: string; screen: string; language: Language }) => Promise<void>;
  /** Runs axe on the current page and returns the serious and critical violations. */
  seriousViolations: () => Promise<{ id: string; impact?: string | null; nodes: number }[]>;
}

export const DEMO_PASSWORD = 'Demo-pass-1';

export const test = base.extend<TestFixtures, WorkerFixtures>({
  platform: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const platform = new Platform();
      await platform.start();
      await use(platform);
      await platform.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ platform }, use) => use(platform.baseURL),
  pageTrouble: [
    async ({ page }, use, testInfo) => {
      const trouble: string[] = [];
      const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      const started = Date.now();
      page.on('pageerror', (error) => trouble.push(`${at()} page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') trouble.push(`${at()} console: ${message.text()}`);
      });
      page.on('requestfailed', (request) =>
        trouble.push(`${at()} failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
      );
      page.on('response', (response) => {
        if (response.status() >= 500 || (response.status() >= 400 && response.request().resourceType() === 'script'))
          trouble.push(`${at()} ${response.status()}: ${response.request().method()} ${response.url()}`);
      });
      await use();
      // CI shows only text: a failed test says what the page went through.
      if (testInfo.status !== testInfo.expectedStatus && trouble.length > 0) {
        console.log(`\n[${testInfo.title}] what the page went through:\n  ${trouble.slice(-30).join('\n  ')}`);
      }
    },
    { auto: true },
  ],
  visit: async ({ page }, use) => {
    await use(async (path, language = 'en') => {
      await setLanguage(page, language);
      await page.goto(path);
    });
  },
  login: async ({ page }, use) => {
    await use((email, options) => loginThroughDialog(page, email, options));
  },
  openScreen: async ({ page }, use) => {
    await use(async ({ slug, email, screen, language }) => {
      const text = textOf(language);
      await setLanguage(page, language);
      await page.goto(`/${slug}/`);
      await loginThroughDialog(page, email, { language });
      const title = text(`backoffice.screen_${screen}`);
      await page
        .getByRole('navigation', { name: text('backoffice.drawer_label') })
        .getByRole('link', { name: title })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  },
  solveCaptcha: async ({ page }, use) => {
    await use(() => solveCaptchaOn(page));
  },
  seriousViolations: async ({ page }, use) => {
    await use(async () => {
      // axe run in the page itself, asked for the violations only. The default runs each frame apart and finishes in
      // a new blank page, injecting axe into both: a third of a review-loop test's time on two cores (60.6 -> 40.2 s
      // for decisions.spec's English run), for pages that have no frame. The rules and their verdicts are the same.
      const results = await new AxeBuilder({ page })
        .setLegacyMode()
        .options({ resultTypes: ['violations'] })
        .analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.length,
          targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
        }));
    });
  },
});

/** Solves the ALTCHA widget on `page` (any browser context) the way a person does: a click, then the proof of work. */
export async function solveCaptchaOn(page: Page) {
  await page.locator('altcha-widget input[type=checkbox]').click({ force: true });
  await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
}

/** Logs in through the header's login dialog of `page` (any browser context). */
export async function loginThroughDialog(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, language = 'en' }: { password?: string; language?: Language } = {},
) {
  const text = textOf(language);
  await page.getByTestId('header-login').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(email);
  await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(password);
  await dialog.getByTestId('login-submit').click();
  await expect(dialog).toBeHidden();
}

/**
 * A success dialog that closes itself after `TIMINGS.successDialogMs` (spec 01 §8) does so when the page's clock
 * reaches that time: the clock is moved on rather than waited for (2.5 s a dialog, about 30 s of a browser run). The
 * page's clock must have been installed before it loaded (`page.clock.install()`); it runs as usual otherwise.
 */
export async function closesByItself(page: Page, dialog: Locator) {
  // The dialog box itself: Mantine's root (where a test id goes) has no box of its own, so it never counts as visible.
  const box = dialog.getByRole('dialog').or(dialog.and(page.getByRole('dialog')));
  await expect(box).toBeVisible();
  await page.clock.fastForward(TIMINGS.successDialogMs);
  await expect(box).toBeHidden();
}

/** Stores the interface language before the page's scripts run, the way the language switch leaves it. */
export async function setLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => window.localStorage.setItem('journals.language', lang), language);
}

export { expect };
