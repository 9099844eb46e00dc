import { formatDay, formatNumber, truncate } from '@journals/core/format';
import { canPublishIssue, isPublished } from '@journals/core/rules/issues';
import type { IssuePaper } from '@journals/core/schemas/issues';
import { ActionIcon, Alert, Button, Center, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBack, IconEdit, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { isApiError } from '../../../lib/http';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useIssuePapers, usePublishIssue, useRemoveIssuePaper } from '../api';
import { IssuePaperForm, type PaperFormMode } from '../IssuePaperForm';
import { issuesPath } from '../paths';
import { ListTable } from '../ListTable';
import { DoiCell, useIssueDeposits } from '../DoiDeposits';
import { notifyFailed } from '../../../lib/notify';

/** A paper's title as the table shows it: English, else Arabic, else as submitted; cut at 25 with a tooltip. */
const titleOf = (paper: IssuePaper) => paper.titleEn || paper.titleAr || paper.title;

/**
 * The issue papers screen (spec 03 §2 "Issue papers screen", §4; issue 21 §1): the issue's number and volume, its
 * papers (order, title, last updated, edit and remove), the form that assigns or edits one, and Publish (with papers,
 * not yet published, after a confirmation). A missing or deleted issue goes back to the issues list.
 */
export function IssuePapersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const issueId = Number(useParams().id);
  const papers = useIssuePapers(slug, Number.isInteger(issueId) && issueId > 0 ? issueId : 0);
  const publish = usePublishIssue(slug, issueId);
  const remove = useRemoveIssuePaper(slug, issueId);
  const [mode, setMode] = useState<PaperFormMode>({ kind: 'closed' });
  const deposits = useIssueDeposits(slug, issueId, papers.data !== undefined && isPublished(papers.data.issue));

  /** "Issue not found, it may be deleted": told, then back to the issues list (spec 03 §8). */
  const issueGone = (message: string) => {
    notifications.show({ color: 'red', message, autoClose: 5000 });
    void navigate(issuesPath(slug), { replace: true });
  };
  // An issue that is not there when the screen opens (a wrong address, or deleted meanwhile): the back office's
  // not-found page (spec 03 §8).
  const loadError = papers.error;
  useEffect(() => {
    if (isApiError(loadError, 404)) void navigate(`/${slug}/dashboard/notfound`, { replace: true });
  }, [loadError, navigate, slug]);

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowBack size={16} aria-hidden className="flip-rtl" />}
      onClick={() => void navigate(issuesPath(slug))}
      data-testid="issues-back"
    >
      {t('issues.back')}
    </Button>
  );
  if (papers.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <Alert color="red" role="alert" title={t('issues.load_failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{papers.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void papers.refetch()}>
              {t('issues.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  if (!papers.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const data = papers.data;
  const { issue } = data;
  const published = isPublished(issue);
  const depositOf = new Map((deposits.data?.deposits ?? []).map((deposit) => [deposit.paperId, deposit]));
  const unpaidCount = data.unassigned.filter((paper) => !paper.publishPaid).length;

  const confirmPublish = () =>
    modals.openConfirmModal({
      title: t('issues.publish_confirm_title'),
      children: (
        <Text size="sm">
          {t('issues.publish_confirm', { issue: issue.issue, volume: issue.volume, count: data.papers.length })}
        </Text>
      ),
      labels: { confirm: t('issues.publish'), cancel: t('issues.cancel') },
      confirmProps: { 'data-testid': 'confirm-publish' } as never,
      onConfirm: () =>
        publish.mutate(undefined, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message, autoClose: 2500 }),
          onError: (error) =>
            isApiError(error) && error.messageKey === 'issues.not_found'
              ? issueGone(error.message)
              : notifyFailed(error),
        }),
    });

  const confirmRemove = (paper: IssuePaper) =>
    modals.openConfirmModal({
      title: t('issues.remove_confirm_title'),
      children: <Text size="sm">{t('issues.remove_confirm', { title: titleOf(paper) })}</Text>,
      labels: { confirm: t('issues.delete'), cancel: t('issues.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as never,
      onConfirm: () =>
        remove.mutate(paper.paperId, {
          onSuccess: () => notifications.show({ color: 'green', message: t('issues.removed'), autoClose: 2500 }),
          onError: (error) =>
            isApiError(error) && error.messageKey === 'issues.not_found'
              ? issueGone(error.message)
              : notifyFailed(error),
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} align="flex-start">
          {back}
          <Group gap="sm">
            <Title order={1} fz={28} data-testid="issue-title">
              {t('issues.papers_title', {
                issue: formatNumber(Number(issue.issue), language),
                volume: formatNumber(issue.volume, language),
              })}
            </Title>
            <StatusBadge color={published ? 'blue' : 'orange'} data-testid="issue-status">
              {t(published ? 'issues.status_1' : 'issues.status_0')}
            </StatusBadge>
          </Group>
        </Stack>
        <Group gap="xs">
          {!published && mode.kind === 'closed' && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setMode({ kind: 'assign' })}
              data-testid="assign-paper"
            >
              {t('issues.assign')}
            </Button>
          )}
          {canPublishIssue(issue, data.papers.length) && (
            <Button
              color="green"
              leftSection={<IconSend size={16} aria-hidden className="flip-rtl" />}
              onClick={confirmPublish}
              loading={publish.isPending}
              data-testid="publish-issue"
            >
              {t('issues.publish')}
            </Button>
          )}
        </Group>
      </Group>

      {published && issue.publishedAt && (
        <Alert color="blue" data-testid="issue-published-note">
          {t('issues.published_note', { date: formatDay(issue.publishedAt, language) })}
        </Alert>
      )}
      {!published && data.chargesAtPublish && unpaidCount > 0 && (
        <Alert color="yellow" data-testid="issue-unpaid-note">
          {t('issues.publish_unpaid_note')}
        </Alert>
      )}

      {mode.kind !== 'closed' && !published && (
        <IssuePaperForm
          key={mode.kind === 'edit' ? mode.paperId : 'assign'}
          slug={slug}
          data={data}
          mode={mode}
          onClose={() => setMode({ kind: 'closed' })}
          onIssueGone={issueGone}
        />
      )}

      {data.papers.length === 0 ? (
        <Text c="gray.7" data-testid="issue-papers-empty">
          {t('issues.papers_empty')}
        </Text>
      ) : (
        <ListTable
          testId="issue-papers-table"
          minWidth={560}
          highlightOnHover={false}
          headings={[
            t('issues.col_order'),
            t('issues.col_title'),
            t('issues.col_updated'),
            published && t('doi.column'),
            !published && t('issues.col_actions'),
          ]}
        >
          {data.papers.map((paper) => {
            const title = titleOf(paper);
            return (
              <Table.Tr key={paper.paperId} data-testid={`issue-paper-${paper.paperId}`}>
                <Table.Td>{formatNumber(paper.orderInIssue, language)}</Table.Td>
                <Table.Td>
                  <Tooltip label={title} disabled={title.length <= 25} multiline maw={360}>
                    <Text size="sm" span dir="auto">
                      {truncate(title, 25)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{formatDay(paper.modifiedAt, language)}</Table.Td>
                {published && (
                  <Table.Td>
                    <DoiCell slug={slug} doi={paper.doi} deposit={depositOf.get(paper.paperId)} />
                  </Table.Td>
                )}
                {!published && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => setMode({ kind: 'edit', paperId: paper.paperId })}
                        aria-label={t('issues.edit_paper', { title })}
                        data-testid="edit-issue-paper"
                      >
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRemove(paper)}
                        aria-label={t('issues.remove_paper', { title })}
                        data-testid="remove-issue-paper"
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </Stack>
  );
}
