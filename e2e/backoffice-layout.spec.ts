import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Language } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';
import { fillPerson, fillStudyStep, uploadEveryFile } from './support/wizard';

/**
 * The back office's layout around the submission wizard (issue 9 §6): every step of the wizard passes axe, and the
 * contact bar at the bottom of the shell covers none of the wizard's controls, for the mouse or for keyboard focus.
 */

const SHOTS = '/tmp/shots-layout';
/** A short screen: the wizard's first step is several screens long, its controls pass the bottom edge. */
const SHORT = { width: 1280, height: 600 };

type Text = ReturnType<typeof textOf>;

/** The screen at the top of the page and at its end (the wizard's buttons, then the contact bar), for review. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-top.png` });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: `${SHOTS}/${name}-end.png` });
}

/** Opens a new paper's wizard of the ethics journal (the researcher signed in). */
async function openWizard(page: Page, language: Language) {
  await page.goto('/ethics/dashboard/papers/create');
  await expect(page.getByTestId('wizard-step-1')).toBeVisible();
  if (language === 'ar') await expectArabicPage(page, 'حفظ كمسودة');
}

/** Fills step 1 (the study and the involvement questionnaire). */
async function fillStudy(page: Page, text: Text, language: Language) {
  await page
    .getByLabel(text('submissions.title_of_the_work'), { exact: true })
    .fill(`Layout ${language} ${Date.now()}`);
  await fillStudyStep(page, text, {
    specialization: language === 'ar' ? 'طب المجتمع' : 'Community Medicine',
    ethics: true,
    paperType: 6,
  });
}

/** Step 2: completes the main author (the demo profile has no phone) and adds the two suggested reviewers. */
async function fillPeople(page: Page, text: Text, language: Language, onStep: (name: string) => Promise<void>) {
  await page.getByTestId('author-row').first().getByRole('button').first().click();
  await onStep('step-2-dialog');
  await fillPerson(page.getByRole('dialog'), text, { phone: '+20 100 000 0001' });
  for (const [index, name] of ['Dr. Amal Hassan', 'Dr. Omar Farouk'].entries()) {
    await page.getByTestId('add-reviewer').click();
    await fillPerson(page.getByRole('dialog'), text, {
      name,
      email: `layout${index}-${language}-${Date.now()}@example.org`,
      phone: `+20 100 000 100${index}`,
      work: 'Delta University',
    });
  }
  await expect(page.getByTestId('reviewer-row')).toHaveCount(2);
}

/** Goes through the wizard's four steps, calling `onStep` on each once it is shown (and on step 1 with its errors). */
async function walkWizard(page: Page, text: Text, language: Language, onStep: (name: string) => Promise<void>) {
  await onStep('step-1');
  // Moving on with nothing filled shows every error of the step: the page as it is then is checked too.
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText(text('validation.required'), { exact: true }).first()).toBeVisible();
  await onStep('step-1-errors');
  await fillStudy(page, text, language);
  await onStep('step-1-filled');
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('wizard-step-2')).toBeVisible();
  await onStep('step-2');
  await fillPeople(page, text, language, onStep);
  await onStep('step-2-filled');
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('wizard-step-3')).toBeVisible();
  await onStep('step-3');
  await uploadEveryFile(page);
  await onStep('step-3-filled');
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('wizard-step-4')).toBeVisible();
  await onStep('step-4');
  await page.getByLabel(text('submissions.accept_terms')).check();
  await onStep('step-4-accepted');
}

/** What sits at the centre of `control` on screen: the control itself (or a part of it), or what covers it. */
function hitAtCentre(control: Locator) {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    // A Mantine radio draws its circle over the input: the radio's root is the control a person points at.
    const root = element.closest('.mantine-Radio-root') ?? element;
    return {
      onControl: hit !== null && (root === hit || root.contains(hit)),
      under: hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}`.slice(0, 80) : 'nothing',
    };
  });
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The wizard's controls near the bottom edge: each scrolled to the bottom of the screen is under the pointer at its
 * centre (not the contact bar), and each focused with Tab lies clear of the bar.
 */
async function expectClearOfBar(page: Page, controls: Locator, step: string) {
  const bar = page.getByRole('contentinfo');
  await expect(bar).toBeVisible();
  const count = await controls.count();
  expect(count, `controls on ${step}`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    // The control brought up from below, as far as it comes into view: its lower edge on the screen's.
    await control.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const hit = await hitAtCentre(control);
    expect(hit, `${step}: control ${index} under the pointer`).toEqual({ onControl: true, under: expect.any(String) });
  }

  // Keyboard: from the top of the page, Tab through the page up to the bar; no control, once focused, is under it.
  // After each Tab one look at the page answers all three questions (what has the focus, where the bar is, whether
  // it is one of the controls): a few hundred presses a test, each a round trip to the browser.
  const barElement = await bar.elementHandle();
  const controlElements = await controls.elementHandles();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('save-draft').focus();
  let reached = 0;
  for (let press = 0; press < 150; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      ({ barNode, controlNodes }) => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const rectangle = (node: Element) => {
          const { x, y, width, height } = node.getBoundingClientRect();
          return { x, y, width, height };
        };
        return {
          html: element.outerHTML.slice(0, 160),
          inBar: barNode?.contains(element) ?? false,
          box: rectangle(element),
          barBox: barNode ? rectangle(barNode) : null,
          isControl: controlNodes.some((node) => node === element),
        };
      },
      { barNode: barElement, controlNodes: controlElements },
    );
    if (!focused || focused.inBar) break;
    expect(intersects(focused.box, focused.barBox!), `${step}: focused ${focused.html} under the bar`).toBe(false);
    if (focused.isControl) reached++;
  }
  expect(reached, `${step}: the controls reached with Tab`).toBeGreaterThan(0);
}

for (const language of LANGUAGES) {
  test(`every step of the wizard passes axe with no serious or critical violation (${language})`, async ({
    page,
    visit,
    login,
    seriousViolations,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    await page.setViewportSize(SHORT);
    await visit('/ethics/', language);
    await login('researcher@ethics.test', { language });
    await openWizard(page, language);
    await walkWizard(page, text, language, async (name) => {
      // Measured once nothing moves: a notification or a dialog fading in has half-transparent text meanwhile.
      await expect
        .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
        .toBe(0);
      expect.soft(await seriousViolations(), `axe on ${name}`).toEqual([]);
      await shots(page, `${language}-${name}`);
    });
  });

  test(`the contact bar covers none of the wizard's controls, for the mouse or the keyboard (${language})`, async ({
    page,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    await page.setViewportSize(SHORT);
    await visit('/ethics/', language);
    await login('researcher@ethics.test', { language });
    await openWizard(page, language);
    const buttons = page.locator(
      '[data-testid="wizard-previous"], [data-testid="wizard-next"], [data-testid="wizard-submit"]',
    );
    await walkWizard(page, text, language, async (name) => {
      // An open dialog covers the page on purpose.
      if (name.endsWith('-dialog')) return;
      if (name === 'step-1') {
        // The questionnaire's radios, and the wizard's buttons below them.
        await expectClearOfBar(page, page.getByRole('radio'), `${name} radios`);
      }
      await expectClearOfBar(page, buttons, name);
    });
  });
}
