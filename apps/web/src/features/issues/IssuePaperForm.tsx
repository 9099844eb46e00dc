import { orderChoices } from '@journals/core/rules/issues';
import { issuePaperFields, type IssuePapersResponse } from '@journals/core/schemas/issues';
import { Alert, FileInput, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { required } from '../../lib/forms';
import { isApiError } from '../../lib/http';
import { useTranslation } from '../../lib/i18n';
import { type IssuePaperInput, useSaveIssuePaper } from './api';
import { type FieldErrorMap, parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { CheckedForm, FormActions } from '../../components/FormParts';

/** The form's mode (spec 03 §4 "Issue paper form mode"): closed, assigning a paper, or editing one (its id). */
export type PaperFormMode = { kind: 'closed' } | { kind: 'assign' } | { kind: 'edit'; paperId: number };

const EMPTY: IssuePaperInput = {
  paperId: null,
  orderInIssue: 1,
  fromPage: '',
  toPage: '',
  doi: '',
  titleEn: '',
  titleAr: '',
  abstractEn: '',
  abstractAr: '',
  finalVersion: null,
};

/**
 * The issue paper form (spec 03 §2, §5; issue 21 §1): the paper (an accepted one in no issue; unpaid ones shown
 * disabled with the reason), its order (1..n, plus one when assigning), pages, DOI, titles and abstracts in both
 * languages (each in its own direction) and the final PDF (required when assigning).
 */
export function IssuePaperForm({
  slug,
  data,
  mode,
  onClose,
  onIssueGone,
}: {
  slug: string;
  data: IssuePapersResponse;
  mode: Exclude<PaperFormMode, { kind: 'closed' }>;
  onClose: () => void;
  onIssueGone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIssuePaper(slug, data.issue.id);
  const editing = mode.kind === 'edit' ? data.papers.find((paper) => paper.paperId === mode.paperId) : undefined;
  const [values, setValues] = useState<IssuePaperInput>(() =>
    editing
      ? {
          paperId: editing.paperId,
          orderInIssue: editing.orderInIssue,
          fromPage: editing.fromPage === null ? '' : String(editing.fromPage),
          toPage: editing.toPage === null ? '' : String(editing.toPage),
          doi: editing.doi ?? '',
          titleEn: editing.titleEn,
          titleAr: editing.titleAr,
          abstractEn: editing.abstractEn,
          abstractAr: editing.abstractAr,
          finalVersion: null,
        }
      : { ...EMPTY, orderInIssue: data.papers.length + 1 },
  );
  const { setErrors, errorOf } = useFieldErrors();
  const set = <K extends keyof IssuePaperInput>(field: K, value: IssuePaperInput[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Choosing a paper prefills its titles and abstracts from the submission. */
  const choosePaper = (value: string | null) => {
    const paper = data.unassigned.find((row) => String(row.paperId) === value);
    setValues((current) => ({
      ...current,
      paperId: paper?.paperId ?? null,
      titleEn: paper?.titleEn ?? '',
      titleAr: paper?.titleAr ?? '',
      abstractEn: paper?.abstractEn ?? '',
      abstractAr: paper?.abstractAr ?? '',
    }));
  };

  const submit = () => {
    const local: FieldErrorMap = {};
    if (mode.kind === 'assign' && values.paperId === null) local.PaperId = ['issues.paper_required'];
    if (mode.kind === 'assign' && !values.finalVersion) local.FinalVersion = ['issues.final_file_required'];
    const parsed = issuePaperFields.safeParse({ ...values, paperId: values.paperId ?? undefined });
    const all = { ...local, ...(parsed.success ? {} : parseErrors(parsed.error.issues)) };
    if (Object.keys(all).length > 0) {
      setErrors(all);
      return;
    }
    setErrors({});
    save.mutate(
      { editing: mode.kind === 'edit' ? mode.paperId : null, input: values },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 2500 });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.messageKey === 'issues.not_found') onIssueGone(error.message);
          else {
            setErrors(serverErrors(error));
            window.scrollTo({ top: 0 });
          }
        },
      },
    );
  };

  const unpaid = t('issues.unpaid_reason');
  const paperChoices = data.unassigned.map((paper) => ({
    value: String(paper.paperId),
    label: `${paper.code ?? ''} ${paper.title}${paper.publishPaid ? '' : ` (${unpaid})`}`.trim(),
    disabled: !paper.publishPaid,
  }));
  const orders = orderChoices(data.papers.length, mode.kind === 'assign').map((order) => ({
    value: String(order),
    label: String(order),
  }));

  return (
    <Paper withBorder radius="lg" p="md" data-testid="issue-paper-form">
      <CheckedForm onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {mode.kind === 'assign' ? t('issues.assign_title') : t('issues.edit_paper_title')}
          </Title>
          {save.error && (
            <Alert color="red" role="alert" data-testid="issue-paper-error">
              {save.error.message}
            </Alert>
          )}
          {mode.kind === 'assign' ? (
            <Select
              label={t('issues.field_paper')}
              placeholder={t('issues.field_paper_placeholder')}
              data={paperChoices}
              value={values.paperId === null ? null : String(values.paperId)}
              onChange={choosePaper}
              error={errorOf('PaperId')}
              nothingFoundMessage={t('issues.no_unassigned')}
              searchable
              {...required}
              data-testid="issue-paper-select"
            />
          ) : (
            <TextInput label={t('issues.field_paper')} value={editing?.title ?? ''} readOnly />
          )}
          <Group grow align="flex-start">
            <Select
              label={t('issues.field_order')}
              data={orders}
              value={String(values.orderInIssue)}
              onChange={(value) => set('orderInIssue', Number(value ?? 1))}
              error={errorOf('OrderInIssue')}
              allowDeselect={false}
              {...required}
              data-testid="issue-paper-order"
            />
            <TextInput
              label={t('issues.field_from_page')}
              value={values.fromPage}
              onChange={(event) => set('fromPage', event.currentTarget.value)}
              error={errorOf('FromPage')}
              inputMode="numeric"
              data-testid="issue-paper-from"
            />
            <TextInput
              label={t('issues.field_to_page')}
              value={values.toPage}
              onChange={(event) => set('toPage', event.currentTarget.value)}
              error={errorOf('ToPage')}
              inputMode="numeric"
              data-testid="issue-paper-to"
            />
          </Group>
          <TextInput
            label={t('issues.field_doi')}
            description={t('issues.field_doi_hint')}
            value={values.doi}
            onChange={(event) => set('doi', event.currentTarget.value)}
            error={errorOf('Doi')}
            dir="ltr"
            data-testid="issue-paper-doi"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('issues.field_title_en')}
              value={values.titleEn}
              onChange={(event) => set('titleEn', event.currentTarget.value)}
              error={errorOf('TitleEn')}
              lang="en"
              dir="ltr"
              data-testid="issue-paper-title-en"
            />
            <TextInput
              label={t('issues.field_title_ar')}
              value={values.titleAr}
              onChange={(event) => set('titleAr', event.currentTarget.value)}
              error={errorOf('TitleAr')}
              lang="ar"
              dir="rtl"
              data-testid="issue-paper-title-ar"
            />
          </Group>
          <Group grow align="flex-start">
            <Textarea
              label={t('issues.field_abstract_en')}
              value={values.abstractEn}
              onChange={(event) => set('abstractEn', event.currentTarget.value)}
              error={errorOf('AbstractEn')}
              autosize
              minRows={3}
              maxRows={10}
              lang="en"
              dir="ltr"
            />
            <Textarea
              label={t('issues.field_abstract_ar')}
              value={values.abstractAr}
              onChange={(event) => set('abstractAr', event.currentTarget.value)}
              error={errorOf('AbstractAr')}
              autosize
              minRows={3}
              maxRows={10}
              lang="ar"
              dir="rtl"
            />
          </Group>
          <FileInput
            label={
              editing?.finalFile
                ? t('issues.field_final_file_keep', { name: editing.finalFile.originalName })
                : t('issues.field_final_file')
            }
            accept="application/pdf,.pdf"
            value={values.finalVersion}
            onChange={(file) => set('finalVersion', file)}
            error={errorOf('FinalVersion')}
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            clearable
            {...(mode.kind === 'assign' ? required : {})}
            data-testid="issue-paper-file"
          />
          <FormActions
            onCancel={onClose}
            saving={save.isPending}
            saveTestId="issue-paper-save"
            labels={{ cancel: t('issues.cancel'), save: t('issues.save') }}
          />
        </Stack>
      </CheckedForm>
    </Paper>
  );
}
