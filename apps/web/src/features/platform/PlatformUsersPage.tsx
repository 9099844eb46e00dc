import { formatDay, formatList } from '@journals/core/format';
import type { PlatformUser } from '@journals/core/schemas/platform';
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEraser, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPanel } from '../../components/ListPanel';
import { QueryView } from '../../components/QueryView';
import { SearchBox } from '../../components/SearchBox';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useSession } from '../../lib/session';
import { serverErrors, useFieldErrors } from '../../lib/field-errors';
import { type PeopleFilters, useErasePerson, usePlatformUsers, useSetPlatformBan } from './users-api';
import { ScreenHeading } from '../../components/ScreenHeading';
import { notifyDone, notifyFailed } from '../../lib/notify';

/** A name or an address kept whole inside a sentence of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * The people of every journal (issue 22 §4, decision 0052): every account of the platform, newest first, searched by
 * name or e-mail or narrowed to the suspended ones; each with its journals and roles there, its state, and the
 * platform-wide suspension, each way after a confirmation that says what it does.
 */
export function PlatformUsersPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const myId = useSession(slug).data?.user?.id;
  const [filters, setFilters] = useState<PeopleFilters>({ search: '', onlyBanned: false, page: 1 });
  const list = usePlatformUsers(slug, filters);
  const ban = useSetPlatformBan(slug);
  const [erasing, setErasing] = useState<PlatformUser | null>(null);

  const confirmBan = (person: PlatformUser) => {
    const banning = !person.banned;
    const name = isolated(person.fullName);
    const slugs = person.journals.map((held) => `/${held.slug}/`);
    const journals = slugs.length > 0 ? formatList(slugs, language) : t('platform.no_journal');
    modals.openConfirmModal({
      title: t(banning ? 'platform.suspend_title' : 'platform.lift_title', { name }),
      children: (
        <Text size="sm">
          {banning ? t('platform.suspend_body', { journals: isolated(journals) }) : t('platform.lift_body')}
        </Text>
      ),
      labels: { confirm: t(banning ? 'platform.suspend' : 'platform.lift'), cancel: t('platform.cancel') },
      confirmProps: { color: banning ? 'red' : undefined, 'data-testid': 'confirm-suspend' } as never,
      onConfirm: () =>
        ban.mutate(
          { id: person.id, banned: banning },
          {
            onSuccess: notifyDone,
            onError: notifyFailed,
          },
        ),
    });
  };

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_platformUsers')} intro={t('platform.people_intro')} />

      <Group align="flex-end" gap="lg">
        <SearchBox
          label={t('platform.search')}
          placeholder={t('users.search_placeholder')}
          active={filters.search}
          onSearch={(search) => setFilters((now) => ({ ...now, search, page: 1 }))}
          testId="people-search"
        />
        <Checkbox
          label={t('platform.only_banned')}
          checked={filters.onlyBanned}
          onChange={(event) => {
            const onlyBanned = event.currentTarget.checked;
            setFilters((now) => ({ ...now, onlyBanned, page: 1 }));
          }}
          mb={8}
          data-testid="people-only-banned"
        />
      </Group>

      <QueryView query={list} failedTitle={t('platform.people_load_failed')}>
        {(data) => (
          <ListPanel
            busy={list.isPlaceholderData}
            summary={
              data.more
                ? t('platform.people_found_more', { count: data.total })
                : t('platform.people_found', { count: data.total })
            }
            summaryTestId="people-total"
            empty={data.items.length > 0 ? null : t('platform.none_found')}
            emptyTestId="people-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page: filters.page,
              onChange: (page) => setFilters((now) => ({ ...now, page })),
              testId: 'people-pages',
            }}
          >
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="sm" data-testid="people-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('platform.col_person')}</Table.Th>
                    <Table.Th>{t('platform.col_journals')}</Table.Th>
                    <Table.Th>{t('platform.col_created')}</Table.Th>
                    <Table.Th>{t('platform.col_account')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((person) => (
                    <Table.Tr key={person.id} data-testid="person-row" data-email={person.email}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {person.fullName}
                        </Text>
                        <Text size="sm" c="gray.7" dir="ltr" ta={language === 'ar' ? 'right' : 'left'}>
                          {person.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {person.journals.length === 0 ? (
                          <Text size="sm" c="gray.7">
                            {t('platform.no_journal')}
                          </Text>
                        ) : (
                          <Stack gap={4}>
                            {person.journals.map((held) => (
                              <Text key={held.slug} size="sm" data-testid="person-journal">
                                <Text span dir="ltr" fw={600}>{`/${held.slug}/`}</Text>{' '}
                                {formatList(
                                  held.roles.map((role) => dynamicT(`users.role_${role}`)),
                                  language,
                                )}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDay(person.createdAt, language)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {person.isPlatformAdmin && <Badge variant="light">{t('platform.platform_admin')}</Badge>}
                          {!person.emailConfirmed && (
                            <Badge variant="light" color="gray">
                              {t('platform.not_activated')}
                            </Badge>
                          )}
                          <Badge color={person.banned ? 'red' : 'green'} variant="light" data-testid="person-state">
                            {person.banned ? t('platform.suspended') : t('platform.active_account')}
                          </Badge>
                          {person.erased && (
                            <Badge color="gray" variant="filled" data-testid="person-erased">
                              {t('platform.erased')}
                            </Badge>
                          )}
                          {!person.isPlatformAdmin && !person.erased && person.id !== myId && (
                            <>
                              <Button
                                size="compact-sm"
                                variant={person.banned ? 'light' : 'subtle'}
                                color={person.banned ? undefined : 'red'}
                                leftSection={
                                  person.banned ? (
                                    <IconLockOpen size={14} aria-hidden />
                                  ) : (
                                    <IconLock size={14} aria-hidden />
                                  )
                                }
                                onClick={() => confirmBan(person)}
                                aria-label={`${t(person.banned ? 'platform.lift' : 'platform.suspend')}: ${person.fullName}`}
                                data-testid="person-suspend"
                              >
                                {t(person.banned ? 'platform.lift' : 'platform.suspend')}
                              </Button>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color="red"
                                leftSection={<IconEraser size={14} aria-hidden />}
                                onClick={() => setErasing(person)}
                                aria-label={`${t('platform.erase')}: ${person.fullName}`}
                                data-testid="person-erase"
                              >
                                {t('platform.erase')}
                              </Button>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListPanel>
        )}
      </QueryView>
      <Modal
        opened={erasing !== null}
        onClose={() => setErasing(null)}
        title={erasing ? t('platform.erase_title', { name: isolated(erasing.fullName) }) : ''}
        size="lg"
      >
        {erasing && <EraseForm slug={slug} person={erasing} onDone={() => setErasing(null)} />}
      </Modal>
    </Stack>
  );
}

/** Erasing a person: what it deletes and keeps, and their e-mail typed again before the red button does it. */
function EraseForm({ slug, person, onDone }: { slug: string; person: PlatformUser; onDone: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const erase = useErasePerson(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const submit = () =>
    erase.mutate(
      { id: person.id, email: typed },
      {
        onSuccess: (said) => {
          notifyDone(said);
          onDone();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) {
            notifyFailed(error);
          }
        },
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="erase-form"
    >
      <Stack gap="md">
        <Text size="sm">{t('platform.erase_body')}</Text>
        <TextInput
          label={t('platform.erase_email')}
          description={<span dir="ltr">{person.email}</span>}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={errorOf('Email')}
          dir="ltr"
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('platform.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            disabled={typed.trim() === ''}
            loading={erase.isPending}
            data-testid="confirm-erase"
          >
            {t('platform.erase_confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
