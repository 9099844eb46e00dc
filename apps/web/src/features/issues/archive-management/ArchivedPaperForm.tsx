import { formatDay, formatNumber } from '@journals/core/format';
import { TIMINGS } from '@journals/core/limits';
import { EXTRA_PAPER_TYPES, PAPER_TYPES } from '@journals/core/papers';
import { type ArchivedPaper, archivedPaperRequestKeeping } from '@journals/core/schemas/archive-management';
import {
  Alert,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { type FieldErrorMap, parseErrors, serverErrors } from '../../../lib/field-errors';
import { chronologyLabel } from '../chronology';
import { useSaveArchivedPaper } from './api';
import { ArchivedPaperTexts } from './ArchivedPaperTexts';
import { AuthorOrcidFields } from './AuthorOrcidFields';
import { FIELD_ORDER, requestOf, type Values, valuesOf } from './archived-paper-values';

/**
 * The archived paper's form (spec 03 §5 "Archive paper edit"): every field with its rule, the issue's volume, number,
 * chronology and date read-only, the final PDF required when the paper has none. An invalid save says so in a toast
 * for 5 s and focuses the first field in error; a saved one says "Message updated successfully" and goes back.
 */
export function ArchivedPaperForm({
  slug,
  paper,
  onSaved,
  onCancel,
}: {
  slug: string;
  paper: ArchivedPaper;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const save = useSaveArchivedPaper(slug, paper.id);
  const [values, setValues] = useState<Values>(() => valuesOf(paper));
  const [finalVersion, setFinalVersion] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: string) => {
    const keys = Object.entries(errors).find(([name]) => name === field || name.startsWith(`${field}[`))?.[1];
    return keys?.[0] ? dynamicT(keys[0]) : undefined;
  };

  const showErrors = (found: FieldErrorMap) => {
    setErrors(found);
    notifications.show({ color: 'red', message: t('archiveManagement.incomplete'), autoClose: TIMINGS.toastMs });
    const first = FIELD_ORDER.find((field) => Object.keys(found).some((name) => name.split('[')[0] === field));
    // After the errors render: the first field in error takes the focus.
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>(
          `[data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"]`,
        )
        ?.focus(),
    );
  };

  const submit = () => {
    // An abstract kept as it is stored is not held to the word limits (decision 0083).
    const parsed = archivedPaperRequestKeeping(paper).safeParse(requestOf(values));
    const found: FieldErrorMap = parsed.success ? {} : parseErrors(parsed.error.issues);
    if (!paper.finalFile && !finalVersion) found.FinalVersion = ['archiveManagement.v_final_file_required'];
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    save.mutate(
      { paper: requestOf(values), finalVersion },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: TIMINGS.successDialogMs });
          window.setTimeout(onSaved, TIMINGS.successDialogMs);
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (Object.keys(fields).length > 0) showErrors(fields);
        },
      },
    );
  };

  const types = PAPER_TYPES.filter(
    (type) => paper.extraPaperTypes || !(EXTRA_PAPER_TYPES as readonly number[]).includes(type),
  ).map((type) => ({ value: String(type), label: t(`papers.type_${type}`) }));
  const specializations = paper.specializations.map((row) => ({
    value: String(row.id),
    label: language === 'ar' ? row.nameAr : row.nameEn,
  }));
  const orders = Array.from({ length: Math.max(paper.papersInIssue, 1) }, (_, index) => ({
    value: String(index + 1),
    label: formatNumber(index + 1, language),
  }));
  const saved = save.isSuccess;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="archived-paper-form">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {save.error && Object.keys(serverErrors(save.error)).length === 0 && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput label={t('archiveManagement.f_volume')} value={formatNumber(paper.volume, language)} readOnly />
            <TextInput
              label={t('archiveManagement.f_issue')}
              value={formatNumber(Number(paper.issue), language)}
              readOnly
            />
            <TextInput
              label={t('archiveManagement.f_chronology')}
              value={chronologyLabel(paper.chronology, language)}
              readOnly
            />
            <TextInput
              label={t('archiveManagement.f_publish_date')}
              value={formatDay(paper.publishDate, language)}
              readOnly
              dir="ltr"
            />
          </SimpleGrid>
          <Select
            label={t('archiveManagement.f_paper_type')}
            data={types}
            value={values.paperType}
            onChange={(value) => set('paperType', value)}
            error={errorOf('PaperType')}
            allowDeselect={false}
            data-field="PaperType"
            {...required}
          />
          <ArchivedPaperTexts values={values} set={set} errorOf={errorOf} />
          <TextInput
            label={t('archiveManagement.f_corresponding_author')}
            value={values.correspondingAuthor}
            onChange={(event) => set('correspondingAuthor', event.currentTarget.value)}
            error={errorOf('CorrespondingAuthor')}
            maxLength={75}
            data-field="CorrespondingAuthor"
            {...required}
          />
          <TagsInput
            label={t('archiveManagement.f_joint_authors')}
            description={t('archiveManagement.f_joint_authors_hint')}
            value={values.jointAuthors}
            onChange={(value) => set('jointAuthors', value)}
            error={errorOf('JointAuthors')}
            data-field="JointAuthors"
          />
          <AuthorOrcidFields
            paper={paper}
            values={values}
            onChange={(next) => setValues((current) => ({ ...current, ...next }))}
            errorOf={errorOf}
          />
          <MultiSelect
            label={t('archiveManagement.f_specializations')}
            data={specializations}
            value={values.specializationIds}
            onChange={(value) => set('specializationIds', value)}
            error={errorOf('SpecializationIds')}
            searchable
            data-field="SpecializationIds"
            {...required}
          />
          <TagsInput
            label={t('archiveManagement.f_keywords')}
            description={t('archiveManagement.f_keywords_hint')}
            value={values.keywords}
            onChange={(value) => set('keywords', value)}
            error={errorOf('Keywords')}
            data-field="Keywords"
            {...required}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('archiveManagement.f_from_page')}
              value={values.fromPage}
              onChange={(event) => set('fromPage', event.currentTarget.value)}
              error={errorOf('FromPage')}
              inputMode="numeric"
              dir="ltr"
              data-field="FromPage"
              {...required}
            />
            <TextInput
              label={t('archiveManagement.f_to_page')}
              value={values.toPage}
              onChange={(event) => set('toPage', event.currentTarget.value)}
              error={errorOf('ToPage')}
              inputMode="numeric"
              dir="ltr"
              data-field="ToPage"
              {...required}
            />
            <Select
              label={t('archiveManagement.f_order')}
              data={orders}
              value={values.orderInIssue}
              onChange={(value) => set('orderInIssue', value ?? '1')}
              error={errorOf('OrderInIssue')}
              allowDeselect={false}
              data-field="OrderInIssue"
              {...required}
            />
          </SimpleGrid>
          <TextInput
            label={t('archiveManagement.f_doi')}
            description={t('archiveManagement.f_doi_hint')}
            value={values.doi}
            onChange={(event) => set('doi', event.currentTarget.value)}
            error={errorOf('Doi')}
            dir="ltr"
            data-field="Doi"
          />
          <FileInput
            label={t('archiveManagement.f_final_file')}
            description={
              paper.finalFile
                ? `${t('archiveManagement.f_final_file_current', { name: paper.finalFile.name })} ${t('archiveManagement.f_final_file_replace')}`
                : undefined
            }
            accept="application/pdf,.pdf"
            value={finalVersion}
            onChange={setFinalVersion}
            error={errorOf('FinalVersion')}
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            clearable
            data-field="FinalVersion"
            {...(paper.finalFile ? {} : required)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('archiveManagement.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending || saved} data-testid="archived-paper-save">
              {t('archiveManagement.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
