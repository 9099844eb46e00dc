import { specFieldName } from '@journals/core/errors';
import { formatDay, formatNumber } from '@journals/core/format';
import { type NewJournalRequest, newJournalRequest, type PlatformJournal } from '@journals/core/schemas/platform';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Switch,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../components/FormParts';
import { QueryView } from '../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { required } from '../../lib/forms';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useCreateJournal, usePlatformJournals, useSetJournalState } from './journals-api';
import { ScreenHeading } from '../../components/ScreenHeading';
import { notifyDoneLong, notifyFailed } from '../../lib/notify';

/**
 * The platform administrator's journals (issue 22 §4): every journal with its papers, published papers, issues and
 * people, a link to its site, and "Create a journal" (its address, titles, default language, code prefix and first
 * journal manager). Reached from the drawer of any journal; the list is the platform's.
 */
export function PlatformJournalsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const query = usePlatformJournals(slug);
  const state = useSetJournalState(slug);
  const confirmState = (journal: PlatformJournal, active: boolean) =>
    modals.openConfirmModal({
      title: t(active ? 'platform.switch_on_title' : 'platform.switch_off_title', { slug: journal.slug }),
      children: active ? null : <Text size="sm">{t('platform.switch_off_body')}</Text>,
      labels: {
        confirm: t(active ? 'platform.switch_confirm_on' : 'platform.switch_confirm_off'),
        cancel: t('platform.cancel'),
      },
      confirmProps: { color: active ? 'blue' : 'red', 'data-testid': 'confirm-state' } as never,
      onConfirm: () =>
        state.mutate(
          { id: journal.id, active },
          {
            onSuccess: notifyDoneLong,
            onError: notifyFailed,
          },
        ),
    });
  const [creating, setCreating] = useState(false);
  const number = (value: number) => formatNumber(value, language);

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_platformJournals')}
        intro={t('platform.journals_intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="create-journal"
          >
            {t('platform.create')}
          </Button>
        }
      />
      <QueryView query={query} failedTitle={t('platform.load_failed')}>
        {(data) => (
          <Paper withBorder radius="lg">
            <Table.ScrollContainer minWidth={860}>
              <Table striped verticalSpacing="sm" data-testid="journals-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('platform.col_journal')}</Table.Th>
                    <Table.Th>{t('platform.col_address')}</Table.Th>
                    <Table.Th>{t('platform.col_language')}</Table.Th>
                    <Table.Th>{t('platform.col_papers')}</Table.Th>
                    <Table.Th>{t('platform.col_published')}</Table.Th>
                    <Table.Th>{t('platform.col_issues')}</Table.Th>
                    <Table.Th>{t('platform.col_people')}</Table.Th>
                    <Table.Th>{t('platform.col_created')}</Table.Th>
                    <Table.Th>{t('platform.col_state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((journal: PlatformJournal) => (
                    <Table.Tr key={journal.id} data-testid="journal-row" data-slug={journal.slug}>
                      <Table.Td fw={600}>{language === 'ar' ? journal.titleAr : journal.titleEn}</Table.Td>
                      <Table.Td>
                        <Anchor href={`/${journal.slug}/`} target="_blank" dir="ltr" title={t('platform.open_site')}>
                          <Group gap={4} wrap="nowrap" component="span">
                            {`/${journal.slug}/`}
                            <IconExternalLink size={14} aria-hidden />
                          </Group>
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`platform.language_${journal.defaultLanguage}`)}</Table.Td>
                      <Table.Td data-testid="journal-papers">{number(journal.papers)}</Table.Td>
                      <Table.Td>{number(journal.published)}</Table.Td>
                      <Table.Td>{number(journal.issues)}</Table.Td>
                      <Table.Td data-testid="journal-people">{number(journal.people)}</Table.Td>
                      <Table.Td>{formatDay(journal.createdAt, language)}</Table.Td>
                      <Table.Td>
                        <Switch
                          checked={journal.active}
                          onChange={(event) => confirmState(journal, event.currentTarget.checked)}
                          label={t('platform.state_active')}
                          aria-label={`${t('platform.state_active')} /${journal.slug}/`}
                          data-testid="journal-active"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryView>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('platform.create_title')} size="lg">
        {creating && <NewJournalForm slug={slug} onDone={() => setCreating(false)} />}
      </Modal>
    </Stack>
  );
}

function NewJournalForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateJournal(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [values, setValues] = useState({
    slug: '',
    titleEn: '',
    titleAr: '',
    defaultLanguage: 'en' as 'en' | 'ar',
    codePrefix: '',
    managerEmail: '',
    managerName: '',
  });
  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };
  const body = (): NewJournalRequest => ({ ...values, codePrefix: values.codePrefix || undefined });
  const text = (
    name: 'slug' | 'titleEn' | 'titleAr' | 'codePrefix' | 'managerEmail' | 'managerName',
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.currentTarget.value)}
      error={errorOf(specFieldName([name]))}
      {...extra}
    />
  );

  const submit = () => {
    const parsed = newJournalRequest.safeParse(body());
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    create.mutate(body(), {
      onSuccess: (answer) => {
        notifyDoneLong(answer);
        onDone();
      },
      onError: (error) => {
        const fields = serverErrors(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notifyFailed(error);
      },
    });
  };

  return (
    <form
      noValidate
      data-testid="journal-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {text('slug', t('platform.slug'), {
          description: t('platform.slug_hint', { example: values.slug || 'journal' }),
          dir: 'ltr',
          ...required,
        })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('titleEn', t('platform.title_en'), { dir: 'ltr', ...required })}
          {text('titleAr', t('platform.title_ar'), { dir: 'rtl', ...required })}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('platform.default_language')}
          </Text>
          <SegmentedControl
            aria-label={t('platform.default_language')}
            value={values.defaultLanguage}
            onChange={(value) => set('defaultLanguage', value as 'en' | 'ar')}
            data={[
              { value: 'en', label: t('platform.language_en') },
              { value: 'ar', label: t('platform.language_ar') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        {text('codePrefix', t('platform.code_prefix'), { description: t('platform.code_prefix_hint'), dir: 'ltr' })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('managerEmail', t('platform.manager_email'), {
            description: t('platform.manager_email_hint'),
            dir: 'ltr',
            type: 'email',
            ...required,
          })}
          {text('managerName', t('platform.manager_name'), required)}
        </SimpleGrid>
        <FormActions
          onCancel={onDone}
          saving={create.isPending}
          saveTestId="save-journal"
          labels={{ cancel: t('platform.cancel'), save: t('platform.save') }}
        />
      </Stack>
    </form>
  );
}
