import { expect, type Locator, type Page } from '@playwright/test';
import { PDF } from './papers';
import type { textOf } from './text';

/**
 * The submission wizard as a researcher drives it: the pieces the submission test and the new journal's test share
 * (the first step's answers, a person's dialog, the four files, the terms and the submit).
 */

type Text = ReturnType<typeof textOf>;

export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

/** The four files of a paper, in the wizard's third step's slots. */
export const FILE_SLOTS = ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt'];

/** Picks an option of a Mantine select found by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills a person's dialog (author or suggested reviewer) with `person`'s fields and saves it. */
export async function fillPerson(dialog: Locator, text: Text, person: Record<string, string>) {
  for (const [key, value] of Object.entries(person)) {
    await dialog.getByLabel(text(`submissions.person_${key}`), { exact: true }).fill(value);
  }
  await dialog.getByTestId('person-save').click();
  await expect(dialog).toBeHidden();
}

/**
 * Answers every required field of the first step (an experimental study, funded by its authors) in `specialization`,
 * and, in a journal with the ethics questionnaire, its nine questions (yes to the vulnerable groups, with a comment).
 * The paper type is a research work (4) unless `paperType` names one of the types only some journals offer (6, 7).
 */
export async function fillStudyStep(
  page: Page,
  text: Text,
  options: { specialization: string; ethics: boolean; paperType?: number },
) {
  await choose(page, text('submissions.statusOfApplicant'), text('papers.applicant_4'));
  await choose(page, text('submissions.medical_School'), text('papers.school_2'));
  await page.getByLabel(text('submissions.department'), { exact: true }).fill('Critical care');
  await choose(page, text('submissions.paper_Type'), text(`papers.type_${options.paperType ?? 4}`));
  await choose(page, text('submissions.new_Amendment_Renewal'), text('papers.kind_1'));
  await choose(page, text('submissions.typeOfTheStudy'), text('papers.study_3'));
  await choose(page, text('submissions.experimentalType'), text('papers.experimental_7'));
  await choose(page, text('submissions.experimentalTypeOfBlinding'), text('papers.blinding_2'));
  await choose(page, text('submissions.fundingSource'), text('papers.funding_1'));
  await choose(page, text('submissions.isFinancialDisclousreMentioned'), text('papers.disclosure_2'));
  await choose(page, text('submissions.specializationId'), options.specialization);
  const keywords = page.getByRole('combobox', { name: text('submissions.keywords'), exact: true });
  await keywords.fill('sleep, night shift;');
  await keywords.press('Enter');
  await page
    .getByLabel(text('submissions.abstract'), { exact: true })
    .fill(Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '));
  if (!options.ethics) return;
  for (let question = 1; question <= 9; question++) {
    const group = page.getByRole('radiogroup', { name: text(`papers.question_${question}`) });
    await group.getByLabel(text(question === 8 ? 'submissions.yes' : 'submissions.no'), { exact: true }).check();
  }
  await page
    .getByLabel(text('submissions.vulnerable_comment'), { exact: true })
    .fill('Pregnant nurses on night shifts');
}

/** Puts a real PDF in each of the third step's slots and waits for each one's link. */
export async function uploadEveryFile(page: Page) {
  for (const kind of FILE_SLOTS) {
    const slot = page.getByTestId(`slot-${kind}`);
    await slot.locator('input[type=file]').setInputFiles(pdf(`${kind}.pdf`));
    await expect(slot.getByTestId(`file-link-${kind}`)).toBeVisible();
  }
}

/** The fourth step: submit stays disabled until the terms are accepted; then the paper is submitted. */
export async function acceptAndSubmit(page: Page, text: Text) {
  await expect(page.getByTestId('wizard-step-4')).toBeVisible();
  await expect(page.getByTestId('wizard-submit')).toBeDisabled();
  await page.getByLabel(text('submissions.accept_terms')).check();
  await page.getByTestId('wizard-submit').click();
  await expect(page.getByText(text('submissions.submitted'))).toBeVisible();
}
