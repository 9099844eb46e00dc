import { specFieldName } from '@journals/core/errors';
import { CROSSREF_SYSTEMS, type CrossrefSystem, doiFromPattern } from '@journals/core/rules/doi';
import { type DoiSettingsRequest, type DoiSettingsResponse, doiSettingsRequest } from '@journals/core/schemas/doi';
import { Alert, Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { FormSection } from '../../../components/FormSection';
import { QueryView } from '../../../components/QueryView';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { required } from '../../../lib/forms';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useSettingsForm } from '../settings-form';
import { useDoiSettings, useSaveDoiSettings } from './api';

type Values = { suffixPattern: string; system: CrossrefSystem; login: string; password: string };

/**
 * The DOI registration screen (issue 46 §1, decision 0086): the suffix pattern with the DOI it gives, where the
 * journal registers (nobody, Crossref's test system, Crossref), and the Crossref account. The prefix and the
 * depositor are the journal data's: shown here, with a warning when one is missing. The password is never shown.
 */
export function DoiSettingsPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const query = useDoiSettings(slug);
  return (
    <Stack gap="lg" maw={860}>
      <ScreenHeading title={t('doi.title')} intro={t('doi.intro')} />
      <QueryView query={query} failedTitle={t('doi.load_failed')}>
        {(data) => <DoiSettingsForm slug={slug} stored={data} />}
      </QueryView>
    </Stack>
  );
}

function DoiSettingsForm({ slug, stored }: { slug: string; stored: DoiSettingsResponse }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { slug: journalSlug } = useJournal();
  const form = useSettingsForm<Values, DoiSettingsRequest>({
    initial: () => ({ suffixPattern: stored.suffixPattern, system: stored.system, login: stored.login, password: '' }),
    save: useSaveDoiSettings(slug),
    request: (values) => values,
    check: { schema: doiSettingsRequest, value: (values) => values },
    incomplete: 'doi.incomplete',
    secret: 'password',
  });
  const { values, set, errorOf } = form;
  const registering = values.system !== 'off';
  const patternOk = doiSettingsRequest.shape.suffixPattern.safeParse(values.suffixPattern).success;
  const example =
    stored.prefix && patternOk
      ? doiFromPattern(stored.prefix, values.suffixPattern, {
          journal: journalSlug,
          year: new Date().getFullYear(),
          volume: 1,
          issue: 1,
          order: 3,
          paper: 1234,
        })
      : '';

  return (
    <form
      ref={form.formRef}
      noValidate
      data-testid="doi-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="lg">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <FormSection title={t('doi.section_pattern')}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('doi.prefix')}
            </Text>
            {stored.prefix ? (
              <Text dir="ltr" ta="start" data-testid="doi-prefix">
                {stored.prefix}
              </Text>
            ) : (
              <Alert color="yellow">{t('doi.prefix_missing')}</Alert>
            )}
            <Text size="xs" c="dimmed">
              {t('doi.prefix_hint')}
            </Text>
          </Stack>
          <TextInput
            label={t('doi.suffixPattern')}
            description={t('doi.suffixPattern_hint')}
            value={values.suffixPattern}
            onChange={(event) => set('suffixPattern', event.currentTarget.value)}
            error={errorOf('suffixPattern')}
            data-field={specFieldName(['suffixPattern'])}
            dir="ltr"
            {...required}
          />
          {example && (
            <Text size="sm" data-testid="doi-example">
              {t('doi.example', { doi: '' })}
              <bdi dir="ltr">{example}</bdi>
            </Text>
          )}
        </FormSection>
        <FormSection title={t('doi.section_account')}>
          <Radio.Group
            label={t('doi.system')}
            value={values.system}
            onChange={(value) => set('system', value as CrossrefSystem)}
            error={errorOf('system')}
            data-field={specFieldName(['system'])}
          >
            <Stack gap="xs" mt="xs">
              {CROSSREF_SYSTEMS.map((system) => (
                <Radio key={system} value={system} label={dynamicT(`doi.system_${system}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {registering && (!stored.depositorName || !stored.depositorEmail) && (
            <Alert color="yellow">{t('doi.depositor_missing')}</Alert>
          )}
          <TextInput
            label={t('doi.login')}
            value={values.login}
            onChange={(event) => set('login', event.currentTarget.value)}
            error={errorOf('login')}
            data-field={specFieldName(['login'])}
            dir="ltr"
            autoComplete="off"
            {...(registering ? required : {})}
          />
          <PasswordInput
            label={t('doi.password')}
            description={t(stored.passwordSet ? 'doi.password_set' : 'doi.password_unset')}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={errorOf('password')}
            data-field={specFieldName(['password'])}
            dir="ltr"
            autoComplete="new-password"
            {...(registering && !stored.passwordSet ? required : {})}
          />
        </FormSection>
        <Group>
          <Button type="submit" loading={form.saving}>
            {t('doi.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
