import type { PaperFileKind } from '@journals/core/files';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Checkbox, Divider, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { HtmlContent } from '../../../components/HtmlContent';
import type { PaperFile } from '../api';
import { PaperFieldsView } from '../paper/PaperFieldsView';
import type { WizardForm, WizardValues } from './form';
import { useTranslation } from '../../../lib/i18n';

/** Step 4: what will be submitted, the terms (reports terms for kind 4) and their acceptance. */
export function SummaryStep({
  form,
  files,
  kinds,
  specializations,
  termsHtml,
}: {
  form: WizardForm;
  files: PaperFile[];
  kinds: PaperFileKind[];
  specializations: SpecializationItem[];
  termsHtml: string;
}) {
  const { t } = useTranslation();
  const values = useWatch({ control: form.control }) as WizardValues;
  const specialization = specializations.find((item) => item.id === values.specializationId);
  return (
    <Stack gap="lg">
      <PaperFieldsView
        paper={{ ...values, specialization: specialization ?? null }}
        files={files.filter((file) => kinds.includes(file.kind))}
        fileHref={null}
      />
      <Divider />
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('submissions.terms')}>
        <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars data-testid="terms-box">
          {termsHtml ? <HtmlContent html={termsHtml} /> : <Text c="gray.7">{t('submissions.no_terms')}</Text>}
        </ScrollArea.Autosize>
      </Paper>
      <Controller
        control={form.control}
        name="acceptTerms"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            label={t('submissions.accept_terms')}
            data-testid="accept-terms"
          />
        )}
      />
    </Stack>
  );
}
