import { formatDay } from '@journals/core/format';
import { STATUS_COLORS } from '@journals/core/papers';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { Alert, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { reviewerFileUrl, useReviewerPaper, type ReviewerPaper } from '../api';
import { InvitationActions } from '../InvitationActions';
import { OutcomeDialog, useOutcome } from '../OutcomeDialog';
import { StatusBadge } from '../../../components/StatusBadge';

const INVITATION_COLORS: Record<number, string> = {
  [REVIEW_STATUS.invited]: 'brand',
  [REVIEW_STATUS.accepted]: 'orange',
  [REVIEW_STATUS.reviewed]: 'green',
  [REVIEW_STATUS.refused]: 'red',
};

/**
 * The paper as its reviewer reads it (issue 9 §2; DESIGN §4): the study's fields without its authors, the files a
 * reviewer may open, and the reviewer's invitation with the same actions as the dashboard's row.
 */
export function ReviewerPaperPage({
  paperId,
  fields,
}: {
  paperId: number;
  /** The paper's fields as the submission feature shows them (authors hidden), composed by the route. */
  fields: (paper: ReviewerPaper, fileHref: (file: { id: number }) => string) => ReactNode;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const paper = useReviewerPaper(slug, paperId);
  const { outcome, show, clear } = useOutcome();

  if (paper.isError)
    return (
      <Alert color="red" role="alert">
        {paper.error.message}
      </Alert>
    );
  if (!paper.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const data = paper.data;

  return (
    <Stack gap="lg" className="paper-page">
      <Stack gap={4}>
        <Title order={1} fz={26} dir="auto" style={{ textAlign: 'start' }}>
          {data.title_of_the_work}
        </Title>
        <Group gap="sm">
          {data.code && (
            <Text fw={600} dir="ltr" data-testid="paper-code">
              {data.code}
            </Text>
          )}
          <StatusBadge color={STATUS_COLORS[data.status] ?? 'gray'} data-testid="paper-status">
            {dynamicT(`papers.status_${data.status}`)}
          </StatusBadge>
          {data.submittedAt && (
            <Text size="sm" c="gray.7">
              {t('submissions.submitted_on', { date: formatDay(data.submittedAt, language) })}
            </Text>
          )}
        </Group>
      </Stack>

      <InvitationPanel paper={data}>
        <InvitationActions
          slug={slug}
          size="sm"
          target={{
            id: data.invitation.id,
            paperId: data.id,
            status: data.invitation.status,
            deadline: data.invitation.deadline,
            extensions: data.invitation.extensions,
            code: data.code,
            title: data.title_of_the_work,
          }}
          onOutcome={show}
        />
      </InvitationPanel>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {fields(data, (file) => reviewerFileUrl(slug, data.id, file.id))}
      </Paper>
      <OutcomeDialog outcome={outcome} onClosed={clear} />
    </Stack>
  );
}

/** The reviewer's invitation: its status, dates (the old deadline beside a changed one) and the actions. */
function InvitationPanel({ paper, children }: { paper: ReviewerPaper; children: ReactNode }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { invitation } = paper;
  const rows: [string, ReactNode][] = [
    [
      t('reviewing.invitation_status'),
      <StatusBadge key="s" color={INVITATION_COLORS[invitation.status] ?? 'gray'} data-testid="invitation-status">
        {dynamicT(`reviewing.review_status_${invitation.status}`)}
      </StatusBadge>,
    ],
    [t('reviewing.invited_on'), formatDay(invitation.invitedAt, language)],
  ];
  if (invitation.deadline)
    rows.push([
      t('reviewing.deadline_label'),
      <span key="d" data-testid="invitation-deadline">
        {formatDay(invitation.deadline, language)}
      </span>,
    ]);
  if (invitation.deadlineChanged && invitation.oldDeadline)
    rows.push([
      t('reviewing.old_deadline'),
      <Text key="o" component="span" td="line-through" c="gray.7" inherit data-testid="invitation-old-deadline">
        {formatDay(invitation.oldDeadline, language)}
      </Text>,
    ]);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="reviewer-invitation">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('reviewing.invitation_heading')}
        </Title>
        <Table variant="vertical" withTableBorder layout="fixed" maw={560}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {children}
      </Stack>
    </Paper>
  );
}
