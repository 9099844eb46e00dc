import { isPublished } from '@journals/core/rules/issues';
import { type IssueItem, issueRequest } from '@journals/core/schemas/issues';
import { Alert, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { required } from '../../lib/forms';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useSaveIssue } from './api';
import { monthNames } from './chronology';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { CheckedForm, FormActions } from '../../components/FormParts';

/**
 * The issue's form (spec 03 §5 "Issue"): its number 1–30, volume, chronology month and year, publish date and
 * whether it shows on the home page (on by default). A published issue's number, chronology and date are locked.
 */
export function IssueDialog({
  slug,
  issue,
  opened,
  onClose,
}: {
  slug: string;
  /** The issue edited, or null for a new one. */
  issue: IssueItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={<IssueDialogTitle issue={issue} />} size="lg" centered>
      {/* Mounted afresh for each opening, so the fields start from the issue. */}
      {opened && <IssueForm slug={slug} issue={issue} onClose={onClose} />}
    </Modal>
  );
}

function IssueDialogTitle({ issue }: { issue: IssueItem | null }) {
  const { t } = useTranslation();
  return <>{issue ? t('issues.edit_title', { issue: issue.issue }) : t('issues.create_title')}</>;
}

function IssueForm({ slug, issue, onClose }: { slug: string; issue: IssueItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveIssue(slug);
  const [month, year] = (issue?.publishMonth ?? '').split(' ');
  const [values, setValues] = useState({
    issue: issue?.issue ?? '',
    volume: issue ? String(issue.volume) : '',
    month: month ?? '',
    year: year ?? String(new Date().getFullYear()),
    publishDate: issue?.publishDate ?? '',
    isAllow: issue?.isAllow ?? true,
  });
  const { setErrors, errorOf } = useFieldErrors();
  const locked = issue !== null && isPublished(issue);
  const set = (field: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    const parsed = issueRequest.safeParse({
      issue: values.issue,
      volume: values.volume,
      publishMonth: values.month && values.year ? `${values.month} ${values.year}` : '',
      publishDate: values.publishDate,
      isAllow: values.isAllow,
    });
    if (!parsed.success) {
      setErrors(parseErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: issue?.id ?? null, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 2500 });
          onClose();
        },
        onError: (error) => setErrors(serverErrors(error)),
      },
    );
  };

  return (
    <CheckedForm onSubmit={submit}>
      <Stack gap="md">
        {locked && (
          <Alert color="blue" data-testid="issue-locked">
            {t('issues.locked_hint')}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('issues.field_issue')}
            description={t('issues.field_issue_hint')}
            value={values.issue}
            onChange={(event) => set('issue')(event.currentTarget.value)}
            error={errorOf('Issue')}
            disabled={locked}
            inputMode="numeric"
            {...required}
            data-testid="issue-number"
          />
          <NumberInput
            label={t('issues.field_volume')}
            value={values.volume}
            onChange={(value) => set('volume')(String(value))}
            error={errorOf('Volume')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...required}
            data-testid="issue-volume"
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('issues.field_month')}
            data={monthNames(language)}
            value={values.month || null}
            onChange={(value) => set('month')(value ?? '')}
            error={errorOf('PublishMonth')}
            disabled={locked}
            allowDeselect={false}
            {...required}
            data-testid="issue-month"
          />
          <NumberInput
            label={t('issues.field_year')}
            value={values.year}
            onChange={(value) => set('year')(String(value))}
            min={1900}
            max={2999}
            allowDecimal={false}
            allowNegative={false}
            disabled={locked}
            {...required}
            data-testid="issue-year"
          />
        </Group>
        <TextInput
          type="date"
          label={t('issues.field_publish_date')}
          value={values.publishDate}
          onChange={(event) => set('publishDate')(event.currentTarget.value)}
          error={errorOf('PublishDate')}
          disabled={locked}
          dir="ltr"
          w={220}
          {...required}
          data-testid="issue-date"
        />
        <Switch
          label={t('issues.field_is_allow')}
          checked={values.isAllow}
          onChange={(event) => set('isAllow')(event.currentTarget.checked)}
          data-testid="issue-allow"
        />
        {save.error && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          saving={save.isPending}
          saveTestId="issue-save"
          labels={{ cancel: t('issues.cancel'), save: t('issues.save') }}
        />
      </Stack>
    </CheckedForm>
  );
}
