import { isEditor } from '@journals/core/rules/permissions';
import type { OpenReview } from '@journals/core/schemas/users';
import { ActionIcon, Alert, Anchor, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../components/QueryView';
import { PaperStatusBadge } from '../../components/StatusBadge';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { actorOf, useSession } from '../../lib/session';
import { useOpenReviews, useWithdrawInvitation } from './api';
import { notifyFailed } from '../../lib/notify';

/**
 * The reviewer-removal dialog (spec 03 "Reviewer-removal full-screen dialog"): why a person's reviewer role stays,
 * the reviews they still owe here (code, title, specialization, status) with a search by title; an editor withdraws
 * an invitation from here (the paper's remove-reviewer route, its log and mail as from the paper page).
 */
export function OpenReviewsDialog({
  person,
  onClose,
}: {
  person: { id: number; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const editor = isEditor(actorOf(useSession(slug).data?.user));
  const reviews = useOpenReviews(slug, person?.id ?? null);
  const withdraw = useWithdrawInvitation(slug, person?.id ?? 0);
  const [search, setSearch] = useState('');
  const matches = (review: OpenReview) => review.title.toLowerCase().includes(search.trim().toLowerCase());

  const confirmWithdraw = (review: OpenReview) =>
    modals.openConfirmModal({
      title: t('users.remove_reviewer'),
      children: <Text size="sm">{review.title}</Text>,
      labels: { confirm: t('users.remove_reviewer'), cancel: t('users.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-withdraw' } as never,
      onConfirm: () =>
        withdraw.mutate(review, {
          onError: notifyFailed,
        }),
    });

  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      fullScreen
      title={person ? t('users.open_reviews_title', { name: person.fullName }) : ''}
      data-testid="open-reviews"
    >
      <Stack gap="md" maw={1100} mx="auto">
        <Alert color="orange">{t('users.reviewer_has_reviews')}</Alert>
        <TextInput
          label={t('users.search_title')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
          data-testid="open-reviews-search"
        />
        <QueryView query={reviews} failedTitle={t('users.load_failed')}>
          {(data) =>
            data.items.length === 0 ? (
              <Text c="green.8" data-testid="open-reviews-none">
                {t('users.no_open_reviews')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" data-testid="open-reviews-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('users.col_code')}</Table.Th>
                      <Table.Th>{t('users.col_title')}</Table.Th>
                      <Table.Th>{t('users.col_specialization')}</Table.Th>
                      <Table.Th>{t('users.col_status')}</Table.Th>
                      {editor && <Table.Th aria-label={t('users.remove_reviewer')} />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.filter(matches).map((review) => (
                      <Table.Tr key={review.invitationId} data-testid="open-review">
                        <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                          <Anchor component={Link} to={`/${slug}/dashboard/papers/${review.paperId}/`}>
                            {review.code}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{review.title}</Table.Td>
                        <Table.Td>
                          {language === 'ar' ? review.specialization.nameAr : review.specialization.nameEn}
                        </Table.Td>
                        <Table.Td>
                          <PaperStatusBadge status={review.paperStatus} />
                        </Table.Td>
                        {editor && (
                          <Table.Td>
                            <Tooltip label={t('users.remove_reviewer')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => confirmWithdraw(review)}
                                aria-label={t('users.remove_reviewer')}
                                data-testid="withdraw-invitation"
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryView>
      </Stack>
    </Modal>
  );
}
