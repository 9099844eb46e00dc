import type { EditorialPaperItem } from '@journals/core/schemas/editorial';
import { formatDay, truncate } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import { Anchor, Table, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { PaperStatusBadge } from '../../components/StatusBadge';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { pick } from '../../lib/journal';

/**
 * The desk's papers (the last-updated table, a card's list): code, title cut at 25 characters with the whole title
 * in a tooltip and a link to the paper, specialization in the interface language, submission date, status chip,
 * status date.
 */
export function PaperTable({
  slug,
  papers,
  onOpen,
  testId,
}: {
  slug: string;
  papers: EditorialPaperItem[];
  /** Called when a paper's link is followed (a dialog closes itself). */
  onOpen?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('editorial.col_code')}</Table.Th>
            <Table.Th>{t('editorial.col_title')}</Table.Th>
            <Table.Th>{t('editorial.col_specialization')}</Table.Th>
            <Table.Th>{t('editorial.col_submitted')}</Table.Th>
            <Table.Th>{t('editorial.col_status')}</Table.Th>
            <Table.Th>{t('editorial.col_status_date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {papers.map((paper) => (
            <Table.Tr key={paper.id} data-testid="desk-row">
              <Table.Td style={nowrap}>
                <span dir="ltr">{paper.code ?? '—'}</span>
              </Table.Td>
              <Table.Td>
                <Tooltip label={paper.title} multiline maw={400} withArrow>
                  {/* dir="auto": an English title in the Arabic table keeps its ellipsis at its end. */}
                  <Anchor
                    component={Link}
                    to={`/${slug}/dashboard/papers/${paper.id}`}
                    aria-label={paper.title}
                    dir="auto"
                    onClick={onOpen}
                  >
                    {truncate(paper.title, LIMITS.tableTitleCut)}
                  </Anchor>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                {pick({ en: paper.specializationEn ?? '', ar: paper.specializationAr ?? '' }, language) || '—'}
              </Table.Td>
              <Table.Td style={nowrap}>{formatDay(paper.submittedAt, language)}</Table.Td>
              <Table.Td>
                <PaperStatusBadge status={paper.status} />
              </Table.Td>
              <Table.Td style={nowrap}>{formatDay(paper.statusDate, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
