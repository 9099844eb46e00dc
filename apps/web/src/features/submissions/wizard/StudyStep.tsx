import {
  ANALYTIC_TYPES,
  APPLICANT_STATUSES,
  BLINDING_TYPES,
  countWords,
  cutWords,
  DESCRIPTIVE_TYPES,
  EXPERIMENTAL_TYPES,
  EXTRA_PAPER_TYPES,
  FUNDING_SOURCES,
  INVOLVEMENT_QUESTIONS,
  MEDICAL_SCHOOLS,
  PAPER_LIMITS,
  PAPER_TYPES,
  STUDY_TYPES,
  SUBMISSION_KINDS,
  VULNERABLE_GROUPS_QUESTION,
} from '@journals/core/papers';
import { KEYWORD_SEPARATORS, splitKeywords } from '@journals/core/schemas/fields';
import type { JournalSubmissionSettings } from '@journals/core/schemas/submissions';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Fieldset, Group, Radio, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { Controller, get, useWatch } from 'react-hook-form';
import { required, requiredMark } from '../../../lib/forms';
import { useDynamicT, useFieldError, useTranslation } from '../../../lib/i18n';
import { usePick } from '../../../lib/journal';
import { EnumSelect } from './EnumSelect';
import type { WizardForm } from './form';

const FINANCIAL = [1, 2] as const;
const SUB_TYPES = [
  'observationalDescriptive',
  'observationalAnalytic',
  'experimentalType',
  'experimentalTypeOfBlinding',
] as const;

/** Step 1: the study's details (spec 02 §2, §5). */
export function StudyStep({
  form,
  settings,
  specializations,
}: {
  form: WizardForm;
  settings: JournalSubmissionSettings;
  specializations: SpecializationItem[];
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const fieldError = useFieldError();
  const pick = usePick();
  const { errors } = form.formState;
  const [kind, studyType, specializationId, abstract, answers] = useWatch({
    control: form.control,
    name: ['new_Amendment_Renewal', 'typeOfTheStudy', 'specializationId', 'abstract', 'answers'],
  });
  const paperTypes = PAPER_TYPES.filter(
    (type) => settings.extraPaperTypes || !(EXTRA_PAPER_TYPES as readonly number[]).includes(type),
  );
  const suggestions = specializations.find((item) => item.id === specializationId)?.keywords ?? [];
  const words = countWords(abstract ?? '');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EnumSelect
          form={form}
          name="statusOfApplicant"
          label="submissions.statusOfApplicant"
          prefix="applicant"
          values={APPLICANT_STATUSES}
        />
        <EnumSelect
          form={form}
          name="medical_School"
          label="submissions.medical_School"
          prefix="school"
          values={MEDICAL_SCHOOLS}
        />
        <TextInput
          {...form.register('department')}
          label={t('submissions.department')}
          maxLength={PAPER_LIMITS.department}
          {...required}
          error={fieldError(errors.department)}
        />
        <EnumSelect form={form} name="paper_Type" label="submissions.paper_Type" prefix="type" values={paperTypes} />
        <EnumSelect
          form={form}
          name="new_Amendment_Renewal"
          label="submissions.new_Amendment_Renewal"
          prefix="kind"
          values={Object.values(SUBMISSION_KINDS)}
          onPicked={(value) => {
            if (value === SUBMISSION_KINDS.new) form.setValue('original_Proposal_Code', '');
          }}
        />
        {kind != null && kind !== SUBMISSION_KINDS.new && (
          <TextInput
            {...form.register('original_Proposal_Code')}
            label={t('submissions.original_Proposal_Code')}
            description={t('submissions.original_code_hint')}
            maxLength={PAPER_LIMITS.proposalCode}
            dir="ltr"
            {...required}
            error={fieldError(errors.original_Proposal_Code)}
          />
        )}
      </SimpleGrid>

      <TextInput
        {...form.register('title_of_the_work')}
        label={t('submissions.title_of_the_work')}
        maxLength={PAPER_LIMITS.title}
        {...required}
        error={fieldError(errors.title_of_the_work)}
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EnumSelect
          form={form}
          name="typeOfTheStudy"
          label="submissions.typeOfTheStudy"
          prefix="study"
          values={Object.values(STUDY_TYPES)}
          onPicked={() => {
            // A new study type resets the sub-type selections (spec 02 §2).
            for (const field of SUB_TYPES) form.setValue(field, null);
          }}
        />
        {studyType === STUDY_TYPES.observationalDescriptive && (
          <EnumSelect
            form={form}
            name="observationalDescriptive"
            label="submissions.observationalDescriptive"
            prefix="descriptive"
            values={DESCRIPTIVE_TYPES}
          />
        )}
        {studyType === STUDY_TYPES.observationalAnalytic && (
          <EnumSelect
            form={form}
            name="observationalAnalytic"
            label="submissions.observationalAnalytic"
            prefix="analytic"
            values={ANALYTIC_TYPES}
          />
        )}
        {studyType === STUDY_TYPES.experimental && (
          <>
            <EnumSelect
              form={form}
              name="experimentalType"
              label="submissions.experimentalType"
              prefix="experimental"
              values={EXPERIMENTAL_TYPES}
            />
            <EnumSelect
              form={form}
              name="experimentalTypeOfBlinding"
              label="submissions.experimentalTypeOfBlinding"
              prefix="blinding"
              values={BLINDING_TYPES}
            />
          </>
        )}
        <EnumSelect
          form={form}
          name="fundingSource"
          label="submissions.fundingSource"
          prefix="funding"
          values={FUNDING_SOURCES}
        />
        <EnumSelect
          form={form}
          name="isFinancialDisclousreMentioned"
          label="submissions.isFinancialDisclousreMentioned"
          prefix="disclosure"
          values={FINANCIAL}
        />
        <Controller
          control={form.control}
          name="specializationId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={t('submissions.specializationId')}
              placeholder={t('submissions.choose')}
              {...required}
              data={specializations.map((item) => ({ value: String(item.id), label: pick(item.name) }))}
              value={field.value == null ? null : String(field.value)}
              onChange={(value) => field.onChange(value === null ? null : Number(value))}
              error={fieldError(errors.specializationId)}
              allowDeselect={false}
              searchable
            />
          )}
        />
      </SimpleGrid>

      <Controller
        control={form.control}
        name="keywords"
        render={({ field }) => (
          <TagsInput
            ref={field.ref}
            label={t('submissions.keywords')}
            description={t('submissions.keywords_hint')}
            {...required}
            data={suggestions}
            splitChars={[...KEYWORD_SEPARATORS]}
            value={field.value ?? []}
            onChange={(values) => field.onChange(splitKeywords(values))}
            clearable
            error={fieldError(get(errors, 'keywords'))}
          />
        )}
      />

      <Controller
        control={form.control}
        name="abstract"
        render={({ field }) => (
          <Textarea
            ref={field.ref}
            label={t('submissions.abstract')}
            {...required}
            autosize
            minRows={5}
            maxRows={14}
            value={field.value ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              // Typing beyond 250 words is cut (spec 02 §5).
              field.onChange(
                countWords(value) > PAPER_LIMITS.abstractMaxWords
                  ? cutWords(value, PAPER_LIMITS.abstractMaxWords)
                  : value,
              );
            }}
            onBlur={field.onBlur}
            description={t('submissions.abstract_counter', {
              count: words,
              min: PAPER_LIMITS.abstractMinWords,
              max: PAPER_LIMITS.abstractMaxWords,
            })}
            error={fieldError(errors.abstract)}
          />
        )}
      />

      {settings.ethicsQuestionnaire && (
        <Fieldset legend={t('submissions.questionnaire')} radius="md">
          <Stack gap="sm">
            {INVOLVEMENT_QUESTIONS.map((questionId, index) => (
              <Stack key={questionId} gap={6}>
                <Controller
                  control={form.control}
                  name={`answers.${index}.answer`}
                  render={({ field }) => (
                    // The group's wrapper is a plain div, where aria-required is not allowed (axe: aria-allowed-attr);
                    // each radio carries the native required instead, which assistive technology announces.
                    <Radio.Group
                      label={dynamicT(`papers.question_${questionId}`)}
                      {...requiredMark}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      error={fieldError(get(errors, `answers.${index}.answer`) ?? get(errors, `answers.${index}`))}
                    >
                      <Group gap="lg" mt={4}>
                        <Radio ref={field.ref} value="yes" label={t('submissions.yes')} required />
                        <Radio value="no" label={t('submissions.no')} required />
                      </Group>
                    </Radio.Group>
                  )}
                />
                {questionId === VULNERABLE_GROUPS_QUESTION && answers?.[index]?.answer === 'yes' && (
                  <Textarea
                    {...form.register(`answers.${index}.vulnerableGroupComment`)}
                    label={t('submissions.vulnerable_comment')}
                    {...required}
                    maxLength={PAPER_LIMITS.vulnerableComment}
                    autosize
                    minRows={2}
                    error={fieldError(get(errors, `answers.${index}.vulnerableGroupComment`))}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}
