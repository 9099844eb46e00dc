import { formatDay, formatNumber } from '@journals/core/format';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { IconFileStack } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPages } from '../../../components/ListPages';
import { QueryView } from '../../../components/QueryView';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { chronologyLabel } from '../chronology';
import { useArchiveIssues } from './api';
import { archiveIssuePapersPath } from './paths';
import { ListTable } from '../ListTable';
import { LinkAction } from '../../../components/LinkAction';
import { ScreenHeading } from '../../../components/ScreenHeading';

/**
 * Archive management (spec 03 §2 "Archive management"; issue 21 §2): the journal's issues with their chronology and
 * publish date, 20 a page, each opening its papers.
 */
export function ArchiveIssuesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const [page, setPage] = useState(1);
  const issues = useArchiveIssues(slug, page);

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_archiveManagement')} intro={t('archiveManagement.intro')} />
      <QueryView query={issues} failedTitle={t('archiveManagement.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="gray.7" data-testid="archive-issues-empty">
              {t('archiveManagement.empty')}
            </Text>
          ) : (
            <>
              <ListTable
                testId="archive-issues-table"
                minWidth={640}
                headings={[
                  t('archiveManagement.col_volume'),
                  t('archiveManagement.col_issue'),
                  t('archiveManagement.col_chronology'),
                  t('archiveManagement.col_publish_date'),
                  t('archiveManagement.col_status'),
                  t('archiveManagement.col_papers'),
                  t('archiveManagement.col_actions'),
                ]}
              >
                {data.items.map((issue) => {
                  const open = t('archiveManagement.open_papers', {
                    volume: formatNumber(issue.volume, language),
                    issue: formatNumber(Number(issue.issue), language),
                  });
                  const to = archiveIssuePapersPath(slug, issue.volume, issue.issue);
                  return (
                    <Table.Tr key={issue.id} data-testid={`archive-issue-${issue.volume}-${issue.issue}`}>
                      <Table.Td>{formatNumber(issue.volume, language)}</Table.Td>
                      <Table.Td>
                        <Link to={to}>{formatNumber(Number(issue.issue), language)}</Link>
                      </Table.Td>
                      <Table.Td>{chronologyLabel(issue.chronology, language)}</Table.Td>
                      <Table.Td>{issue.publishDate ? formatDay(issue.publishDate, language) : ''}</Table.Td>
                      <Table.Td>
                        <Badge color={issue.published ? 'blue.8' : 'orange.8'} variant="light">
                          {t(
                            issue.published
                              ? 'archiveManagement.status_published'
                              : 'archiveManagement.status_in_press',
                          )}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatNumber(issue.papers, language)}</Table.Td>
                      <Table.Td>
                        <LinkAction to={to} label={open} icon={<IconFileStack size={18} aria-hidden />} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
              <ListPages
                total={data.total}
                pageSize={data.pageSize}
                page={page}
                onChange={setPage}
                testId="archive-issues-pages"
              />
            </>
          )
        }
      </QueryView>
    </Stack>
  );
}
