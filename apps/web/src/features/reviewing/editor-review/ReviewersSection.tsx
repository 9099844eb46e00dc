import { formatDay } from '@journals/core/format';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { invitationAllows, reviewIsOpen } from '@journals/core/rules/reviewing';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarTime, IconFileDescription, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { type Invitation, useRemoveReviewer, useReviewers } from './api';
import { DeadlineDialog } from './DeadlineDialog';
import { InviteReviewerDialog } from './InviteReviewerDialog';
import { ReviewResultDialog } from './ReviewResultDialog';
import type { ReviewedPaper } from './reviewed-paper';
import { notifyFailed } from '../../../lib/notify';

const STATUS_COLORS: Record<number, string> = {
  [REVIEW_STATUS.invited]: 'blue',
  [REVIEW_STATUS.accepted]: 'orange',
  [REVIEW_STATUS.reviewed]: 'green',
  [REVIEW_STATUS.refused]: 'gray',
};

type Open = { kind: 'invite' } | { kind: 'deadline' | 'sheet'; invitation: Invitation } | null;

/**
 * The paper page's reviewers section (spec 02 §2, §6): every invitation with its dates and recommendation, the
 * answer sheet of a finished review, and while the review is open, inviting, removing and moving deadlines by the
 * invitation rules of core (the server enforces them).
 */
export function ReviewersSection({
  slug,
  paper,
  specializations,
  waitsForPayment,
}: {
  slug: string;
  paper: ReviewedPaper;
  specializations: { id: number; name: string }[];
  waitsForPayment: boolean;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const reviewers = useReviewers(slug, paper.id);
  const remove = useRemoveReviewer(slug, paper.id);
  const [open, setOpen] = useState<Open>(null);
  const reviewOpen = reviewIsOpen(paper);
  const close = () => setOpen(null);

  const confirmRemove = (invitation: Invitation) =>
    modals.openConfirmModal({
      title: t('decisions.remove_title'),
      centered: true,
      children: <Text size="sm">{t('decisions.remove_text', { name: invitation.fullName })}</Text>,
      labels: { confirm: t('decisions.remove'), cancel: t('decisions.keep') },
      confirmProps: { color: 'red', 'data-testid': 'remove-confirm' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(invitation.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('decisions.removed') }),
          onError: notifyFailed,
        }),
    });

  const items = reviewers.data?.items ?? [];
  // A closed review that never had a reviewer (a direct refusal) has nothing to show here.
  if (!reviewOpen && reviewers.data && items.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid="reviewers-section"
      component="section"
      aria-labelledby="reviewers"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="reviewers">
          {t('decisions.reviewers')}
        </Title>
        {reviewOpen && (
          <Stack gap={2} align="flex-end" className="no-print">
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setOpen({ kind: 'invite' })}
              disabled={waitsForPayment}
              aria-describedby={waitsForPayment ? 'invite-waits' : undefined}
              data-testid="add-reviewer"
            >
              {t('decisions.add_reviewer')}
            </Button>
            {waitsForPayment && (
              <Text size="xs" c="gray.7" id="invite-waits">
                {t('decisions.add_waits_for_payment')}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      {reviewers.isError ? (
        <Alert color="red" role="alert">
          {reviewers.error.message}
        </Alert>
      ) : !reviewers.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('decisions.no_reviewers')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('decisions.col_reviewer')}</Table.Th>
                <Table.Th>{t('decisions.col_status')}</Table.Th>
                <Table.Th>{t('decisions.col_invited')}</Table.Th>
                <Table.Th>{t('decisions.col_deadline')}</Table.Th>
                <Table.Th>{t('decisions.col_reviewed')}</Table.Th>
                <Table.Th>{t('decisions.col_recommendation')}</Table.Th>
                <Table.Th className="no-print">{t('decisions.col_actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invitation) => {
                const state = { status: invitation.status, removed: false };
                return (
                  <Table.Tr key={invitation.id} data-testid="reviewer-row">
                    <Table.Td>
                      <Stack gap={2}>
                        <Group gap={6}>
                          <Text fw={600} size="sm" dir="auto">
                            {invitation.fullName}
                          </Text>
                          {invitation.externalReviewer && (
                            <Badge size="xs" variant="outline" color="grape">
                              {t('decisions.external')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="gray.7" dir="ltr" ta="start">
                          {invitation.email}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge
                          color={STATUS_COLORS[invitation.status] ?? 'gray'}
                          variant="light"
                          data-testid="reviewer-status"
                        >
                          {dynamicT(`reviewing.review_status_${invitation.status}`)}
                        </Badge>
                        {invitation.status === REVIEW_STATUS.refused && invitation.refusalCategory && (
                          <Text size="xs" c="gray.7">
                            {dynamicT(`reviewing.refusal_${invitation.refusalCategory}`)}
                            {invitation.refusalReason && `: ${invitation.refusalReason}`}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDay(invitation.invitedAt, language)}</Text>
                    </Table.Td>
                    <Table.Td data-testid="reviewer-deadline">
                      <Text size="sm">{formatDay(invitation.deadline, language)}</Text>
                      {invitation.deadlineChanged && invitation.oldDeadline && (
                        <Text size="xs" c="gray.7">
                          {t('decisions.old_deadline', { date: formatDay(invitation.oldDeadline, language) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{invitation.reviewedAt ? formatDay(invitation.reviewedAt, language) : '—'}</Text>
                    </Table.Td>
                    <Table.Td data-testid="reviewer-recommendation">
                      <Text size="sm">
                        {invitation.recommendation
                          ? dynamicT(`reviewing.recommendation_${invitation.recommendation}`)
                          : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td className="no-print">
                      <Group gap={4} wrap="wrap">
                        {invitation.status === REVIEW_STATUS.reviewed && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconFileDescription size={14} aria-hidden />}
                            onClick={() => setOpen({ kind: 'sheet', invitation })}
                          >
                            {t('decisions.answer_sheet')}
                          </Button>
                        )}
                        {reviewOpen && invitationAllows(state, 'editDeadline') && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconCalendarTime size={14} aria-hidden />}
                            onClick={() => setOpen({ kind: 'deadline', invitation })}
                          >
                            {t('decisions.change_deadline')}
                          </Button>
                        )}
                        {reviewOpen && invitationAllows(state, 'remove') && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            onClick={() => confirmRemove(invitation)}
                          >
                            {t('decisions.remove')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <InviteReviewerDialog
        slug={slug}
        paper={paper}
        specializations={specializations}
        taken={items.map((invitation) => invitation.reviewerId)}
        opened={open?.kind === 'invite'}
        onClose={close}
      />
      <DeadlineDialog
        slug={slug}
        paperId={paper.id}
        invitation={open?.kind === 'deadline' ? open.invitation : null}
        onClose={close}
      />
      <ReviewResultDialog
        slug={slug}
        paperId={paper.id}
        invitation={open?.kind === 'sheet' ? open.invitation : null}
        onClose={close}
      />
    </Paper>
  );
}
