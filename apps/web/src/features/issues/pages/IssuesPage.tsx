import { formatDay, formatNumber } from '@journals/core/format';
import { isPublished } from '@journals/core/rules/issues';
import type { IssueItem } from '@journals/core/schemas/issues';
import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconFileStack, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../../components/QueryView';
import { StatusBadge } from '../../../components/StatusBadge';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useDeleteIssue, useIssues } from '../api';
import { chronologyLabel } from '../chronology';
import { IssueDialog } from '../IssueDialog';
import { issuePapersPath } from '../paths';
import { ListTable } from '../ListTable';
import { LinkAction } from '../../../components/LinkAction';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { notifyFailed } from '../../../lib/notify';

/**
 * Issues management (spec 03 §2 "Issues management"; issue 21 §1): the journal's issues, each opening its papers;
 * add, edit and delete (after a confirmation; the server refuses an issue with papers or a published one).
 */
export function IssuesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const issues = useIssues(slug);
  const remove = useDeleteIssue(slug);
  const [dialog, setDialog] = useState<{ opened: boolean; issue: IssueItem | null }>({ opened: false, issue: null });

  const confirmDelete = (issue: IssueItem) =>
    modals.openConfirmModal({
      title: t('issues.delete_confirm_title'),
      children: <Text size="sm">{t('issues.delete_confirm', { issue: issue.issue, volume: issue.volume })}</Text>,
      labels: { confirm: t('issues.delete'), cancel: t('issues.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(issue.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('issues.deleted'), autoClose: 2500 }),
          onError: notifyFailed,
        }),
    });

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_issues')}
        intro={t('issues.intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ opened: true, issue: null })}
            data-testid="add-issue"
          >
            {t('issues.add')}
          </Button>
        }
      />

      <QueryView query={issues} failedTitle={t('issues.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="gray.7" data-testid="issues-empty">
              {t('issues.empty')}
            </Text>
          ) : (
            <ListTable
              testId="issues-table"
              minWidth={760}
              headings={[
                t('issues.col_volume'),
                t('issues.col_issue'),
                t('issues.col_chronology'),
                t('issues.col_publish_date'),
                t('issues.col_status'),
                t('issues.col_papers'),
                t('issues.col_home'),
                t('issues.col_actions'),
              ]}
            >
              {data.items.map((issue) => (
                <Table.Tr key={issue.id} data-testid={`issue-row-${issue.id}`}>
                  <Table.Td>{formatNumber(issue.volume, language)}</Table.Td>
                  <Table.Td>
                    <Link to={issuePapersPath(slug, issue.id)}>{formatNumber(Number(issue.issue), language)}</Link>
                  </Table.Td>
                  <Table.Td>{chronologyLabel(issue.publishMonth, language)}</Table.Td>
                  <Table.Td>{formatDay(issue.publishDate, language)}</Table.Td>
                  <Table.Td>
                    <StatusBadge color={isPublished(issue) ? 'blue' : 'orange'}>
                      {t(isPublished(issue) ? 'issues.status_1' : 'issues.status_0')}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>{formatNumber(issue.paperCount, language)}</Table.Td>
                  <Table.Td>{t(issue.isAllow ? 'issues.yes' : 'issues.no')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <LinkAction
                        to={issuePapersPath(slug, issue.id)}
                        label={t('issues.open_papers', { issue: issue.issue })}
                        icon={<IconFileStack size={18} aria-hidden />}
                        testId="open-issue"
                      />
                      <Tooltip label={t('issues.edit')}>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setDialog({ opened: true, issue })}
                          aria-label={t('issues.edit')}
                          data-testid="edit-issue"
                        >
                          <IconEdit size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('issues.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete(issue)}
                          aria-label={t('issues.delete')}
                          data-testid="delete-issue"
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryView>

      <IssueDialog
        slug={slug}
        issue={dialog.issue}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
