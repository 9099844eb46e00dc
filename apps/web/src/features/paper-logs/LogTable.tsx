import { formatDay, formatTime, truncate } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import type { PaperLogEntry } from '@journals/core/schemas/paper-logs';
import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import { PaperStatusBadge } from '../../components/StatusBadge';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { noteText } from './notes';

/**
 * Log entries as a table (spec 03 "Paper logs"): action, by, at, paper code and title, the paper status recorded with
 * the entry, notes. The journal's table names the paper (its title opens that paper's log: `onOpenPaper`); a
 * paper's own log shows each entry's version instead.
 */
export function LogTable({
  entries,
  onOpenPaper,
  testId,
}: {
  entries: PaperLogEntry[];
  onOpenPaper?: (entry: PaperLogEntry) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const namesPaper = onOpenPaper !== undefined;
  const time = (value: string) => formatTime(new Date(value), language);
  return (
    <Table.ScrollContainer minWidth={namesPaper ? 820 : 700}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('paperLogs.col_action')}</Table.Th>
            <Table.Th>{t('paperLogs.col_by')}</Table.Th>
            <Table.Th>{t('paperLogs.col_at')}</Table.Th>
            {namesPaper ? (
              <>
                <Table.Th>{t('paperLogs.col_code')}</Table.Th>
                <Table.Th>{t('paperLogs.col_title')}</Table.Th>
              </>
            ) : (
              <Table.Th>{t('paperLogs.col_version')}</Table.Th>
            )}
            <Table.Th>{t('paperLogs.col_status')}</Table.Th>
            <Table.Th>{t('paperLogs.col_notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="log-row" data-action={entry.action}>
              <Table.Td fw={600} miw={110}>
                {dynamicT(`paperLogs.action_${entry.action}`)}
              </Table.Td>
              <Table.Td>
                {entry.by ? (
                  <>
                    <Text size="sm">{entry.by.fullName}</Text>
                    {/* An address reads left to right inside the Arabic table, aligned with the name above it. */}
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'break-word' }}>
                      <EmailAddress email={entry.by.email} />
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="gray.7">
                    {t('paperLogs.nobody')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={nowrap}>
                <time dateTime={entry.at}>
                  <Text size="sm" component="span" display="block">
                    {formatDay(entry.at, language)}
                  </Text>
                  <Text size="xs" c="gray.7" component="span" display="block">
                    {time(entry.at)}
                  </Text>
                </time>
              </Table.Td>
              {namesPaper ? (
                <>
                  <Table.Td style={nowrap}>
                    <span dir="ltr">{entry.paper.code ?? '—'}</span>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={entry.paper.title} multiline maw={400} withArrow>
                      {/* dir="auto": an English title in the Arabic table keeps its ellipsis at its end. */}
                      <Anchor
                        component="button"
                        type="button"
                        dir="auto"
                        ta="start"
                        aria-label={t('paperLogs.open_log', { title: entry.paper.title })}
                        onClick={() => onOpenPaper(entry)}
                        data-testid="log-paper-title"
                      >
                        {truncate(entry.paper.title, LIMITS.tableTitleCut)}
                      </Anchor>
                    </Tooltip>
                  </Table.Td>
                </>
              ) : (
                <Table.Td style={nowrap}>{t('paperLogs.version', { version: entry.paper.version })}</Table.Td>
              )}
              <Table.Td miw={150}>
                <PaperStatusBadge status={entry.paperStatus} />
              </Table.Td>
              <Table.Td miw={120} maw={320}>
                {/* The note keeps its own direction (a name in Latin letters) and the table's alignment. */}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <span dir="auto">{noteText(entry, dynamicT, language)}</span>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An e-mail address, left to right, that a narrow column breaks after its "@" rather than inside a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span dir="ltr">{email}</span>;
  return (
    <span dir="ltr">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
