import { formatDay, formatNumber } from '@journals/core/format';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListPages } from '../../../components/ListPages';
import { QueryView } from '../../../components/QueryView';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { chronologyLabel } from '../chronology';
import { useArchiveIssuePapers } from './api';
import { archivedPaperEditPath, archiveManagementPath } from './paths';
import { ListTable } from '../ListTable';
import { LinkAction } from '../../../components/LinkAction';
import { CutText } from '../../../components/CutText';

/**
 * An issue's papers in archive management (spec 03 §2): order, Arabic title, English title cut at 25 characters with
 * the whole title in a tooltip, last updated, edit; 20 a page.
 */
export function ArchiveIssuePapersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const { volume = '', issue = '' } = useParams();
  const [page, setPage] = useState(1);
  const papers = useArchiveIssuePapers(slug, volume, issue, page);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={archiveManagementPath(slug)} size="sm">
        {t('archiveManagement.back_to_issues')}
      </Anchor>
      <QueryView query={papers} failedTitle={t('archiveManagement.load_failed')}>
        {(data) => (
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={28}>
                {t('archiveManagement.issue_title', {
                  volume: formatNumber(data.issue.volume, language),
                  issue: formatNumber(Number(data.issue.issue), language),
                })}
              </Title>
              <Text c="gray.7">
                {chronologyLabel(data.issue.chronology, language)}
                {data.issue.publishDate ? ` · ${formatDay(data.issue.publishDate, language)}` : ''}
              </Text>
            </Stack>
            {data.items.length === 0 ? (
              <Text c="gray.7">{t('archiveManagement.papers_empty')}</Text>
            ) : (
              <ListTable
                testId="archive-papers-table"
                minWidth={640}
                headings={[
                  t('archiveManagement.col_order'),
                  t('archiveManagement.col_title_ar'),
                  t('archiveManagement.col_title_en'),
                  t('archiveManagement.col_modified'),
                  t('archiveManagement.col_actions'),
                ]}
              >
                {data.items.map((paper) => {
                  const edit = t('archiveManagement.edit_paper', { title: paper.titleEn || paper.titleAr });
                  return (
                    <Table.Tr key={paper.id} data-testid={`archive-paper-${paper.id}`}>
                      <Table.Td>{formatNumber(paper.order, language)}</Table.Td>
                      <Table.Td lang="ar" dir="rtl">
                        {paper.titleAr}
                      </Table.Td>
                      <Table.Td lang="en" dir="ltr">
                        <CutText text={paper.titleEn} />
                      </Table.Td>
                      <Table.Td>{formatDay(paper.modifiedAt.slice(0, 10), language)}</Table.Td>
                      <Table.Td>
                        <LinkAction
                          to={archivedPaperEditPath(slug, paper.id)}
                          label={edit}
                          icon={<IconEdit size={18} aria-hidden />}
                          testId="edit-archived-paper"
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
            )}
            <ListPages
              total={data.total}
              pageSize={data.pageSize}
              page={page}
              onChange={setPage}
              testId="archive-papers-pages"
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
