import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import { specFieldName } from '@journals/core/errors';
import {
  BULK_MAIL_LIMITS,
  type BulkMailRequest,
  bulkMailRequest,
  splitRecipients,
} from '@journals/core/schemas/bulk-mail';
import { Box, Button, Grid, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { RichTextField } from '../../components/RichTextField';
import { SearchBox } from '../../components/SearchBox';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { required } from '../../lib/forms';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { usePeople, useSendBulkMail } from './bulk-mail-api';
import { BulkMailBudgetPanel } from './BulkMailBudgetPanel';
import { ScreenHeading } from '../../components/ScreenHeading';
import { notifyDoneLong, notifyFailed } from '../../lib/notify';

const EMPTY: BulkMailRequest = { recipients: '', subject: '', content: '' };

/**
 * "Send an e-mail message" (spec 03 §3; issue 22 §3): recipients separated by semicolons (each checked as it is
 * typed), a picker of the journal's people by role and name, a subject and a rich text; a confirmation that says how
 * many people it goes to, then the answer says how many it was written for and how many were left out.
 */
export function SendMailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const send = useSendBulkMail(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [values, setValues] = useState<BulkMailRequest>(EMPTY);
  const set = (name: keyof BulkMailRequest, value: string) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };
  const { valid, invalid } = splitRecipients(values.recipients);
  const addRecipients = (emails: string[]) => {
    const current = new Set(valid);
    const fresh = emails.filter((email) => !current.has(email.toLowerCase()));
    if (fresh.length === 0) return;
    const typed = values.recipients.trim().replace(/;\s*$/, '');
    set('recipients', [typed, ...fresh].filter(Boolean).join('; '));
  };

  const submit = () => {
    const parsed = bulkMailRequest.safeParse(values);
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    modals.openConfirmModal({
      title: t('bulkMail.confirm_title'),
      children: <Text size="sm">{t('bulkMail.confirm_body', { count: valid.length })}</Text>,
      labels: { confirm: t('bulkMail.send'), cancel: t('bulkMail.cancel') },
      confirmProps: { 'data-testid': 'confirm-send' } as never,
      onConfirm: () =>
        send.mutate(
          { ...values, language },
          {
            onSuccess: (answer) => {
              notifyDoneLong(answer);
              setValues(EMPTY);
            },
            onError: (error) => {
              setErrors(serverErrors(error));
              notifyFailed(error);
            },
          },
        ),
    });
  };

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_sendMail')} intro={t('bulkMail.intro')} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="lg" p="md">
            <form
              noValidate
              data-testid="bulk-form"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Stack gap="md">
                <Textarea
                  label={t('bulkMail.recipients')}
                  description={t('bulkMail.recipients_hint')}
                  value={values.recipients}
                  onChange={(event) => set('recipients', event.currentTarget.value)}
                  error={
                    errorOf(specFieldName(['recipients'])) ??
                    (invalid.length > 0
                      ? t('bulkMail.recipients_invalid_list', { list: `\u2066${invalid.join(', ')}\u2069` })
                      : undefined)
                  }
                  dir="ltr"
                  autosize
                  minRows={2}
                  maxRows={6}
                  data-testid="bulk-recipients"
                  {...required}
                />
                <Text size="sm" c="gray.7" data-testid="bulk-count">
                  {t('bulkMail.recipients_count', { count: valid.length })}
                </Text>
                <TextInput
                  label={t('bulkMail.subject')}
                  value={values.subject}
                  onChange={(event) => set('subject', event.currentTarget.value)}
                  error={errorOf(specFieldName(['subject']))}
                  maxLength={BULK_MAIL_LIMITS.subject + 10}
                  {...required}
                />
                <RichTextField
                  label={t('bulkMail.content')}
                  value={values.content}
                  onChange={(html) => set('content', html)}
                  language={language}
                  error={errorOf(specFieldName(['content']))}
                  field={specFieldName(['content'])}
                />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    loading={send.isPending}
                    leftSection={<IconSend size={16} aria-hidden />}
                    data-testid="bulk-send"
                  >
                    {t('bulkMail.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <BulkMailBudgetPanel slug={slug} />
            <PeoplePicker slug={slug} chosen={new Set(valid)} onAdd={addRecipients} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The journal's people by role and name (the user list's own search), each added with a click. */
function PeoplePicker({
  slug,
  chosen,
  onAdd,
}: {
  slug: string;
  chosen: Set<string>;
  onAdd: (emails: string[]) => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<JournalRole | null>(null);
  const [search, setSearch] = useState('');
  const people = usePeople(slug, role, search);
  const items = people.data?.items ?? [];
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-labelledby="picker-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="picker-title">
          {t('bulkMail.picker_title')}
        </Title>
        <Select
          label={t('users.role_label')}
          data={[
            { value: '', label: t('users.role_all') },
            ...JOURNAL_ROLES.map((each) => ({ value: each, label: t(`users.role_${each}`) })),
          ]}
          value={role ?? ''}
          onChange={(value) => setRole((value || null) as JournalRole | null)}
          allowDeselect={false}
          data-testid="picker-role"
        />
        <SearchBox
          label={t('bulkMail.picker_search')}
          placeholder={t('bulkMail.picker_search')}
          active={search}
          onSearch={setSearch}
          testId="picker-search"
          fullWidth
        />
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={items.length === 0}
          onClick={() => onAdd(items.map((person) => person.email))}
          data-testid="picker-add-all"
        >
          {t('bulkMail.picker_add_page')}
        </Button>
        <Box mah={420} style={{ overflowY: 'auto' }}>
          {items.length === 0 && !people.isPending ? (
            <Text size="sm" c="gray.7">
              {t('bulkMail.picker_empty')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="picker-people">
              {items.map((person) => {
                const added = chosen.has(person.email.toLowerCase());
                return (
                  <Group key={person.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {person.fullName}
                      </Text>
                      <Text size="xs" c="gray.7" dir="ltr" truncate>
                        {person.email}
                      </Text>
                    </Stack>
                    <Button
                      size="compact-xs"
                      variant={added ? 'subtle' : 'default'}
                      disabled={added}
                      onClick={() => onAdd([person.email])}
                      aria-label={`${t('bulkMail.picker_add')} ${person.fullName}`}
                    >
                      {t(added ? 'bulkMail.picker_added' : 'bulkMail.picker_add')}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
