import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './report.css';
import { isEditorialCard, type EditorialCard } from '@journals/core/editorial';
import { formatDay, formatNumber } from '@journals/core/format';
import { canSee } from '@journals/core/rules/permissions';
import { Alert, Button, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconLock, IconPrinter } from '@tabler/icons-react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../../components/QueryView';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { pick, useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { fetchReportCsv, reportCsvUrl, usePaperReport, type PaperReport, type ReportRange } from '../api';
import { rangeOfPath } from '../report-path';

/**
 * /{locale}/{slug}/Reports/Papers/{card}/{from}/{to}/ (spec 01 §7, issue 10 §1), opened in a new window from a
 * card's list: the card's papers submitted in the range, with their people and dates, to print or download as CSV.
 * It is no back-office page (no drawer, no menu), but it needs the same sign-in and the same desk.
 */
export function PaperReportPage({ card, rest }: { card: string; rest: string }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const session = useSession(slug);
  const range = rangeOfPath(rest);

  if (!isEditorialCard(card) || !range) {
    return (
      <ReportFrame>
        <Alert color="red" role="alert" data-testid="report-bad-address">
          {t('editorial.report_bad_address')}
        </Alert>
      </ReportFrame>
    );
  }
  if (session.isPending) return <Waiting />;
  const user = session.data?.user;
  if (!user) return <SignInPrompt />;
  if (!canSee(actorOf(user), 'editorDashboard') && !canSee(actorOf(user), 'handlingEditorDashboard')) {
    return <Unauthorized />;
  }
  return <Report card={card} range={range} />;
}

function Report({ card, range }: { card: EditorialCard; range: ReportRange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug, journal } = useJournal();
  const report = usePaperReport(slug, card, range);
  const title = t('editorial.report_title', { card: t(`editorial.card_${card}`) });
  const journalTitle = pick(journal.journalData.title, language);
  useLayoutEffect(() => {
    document.title = `${title} — ${journalTitle}`;
  }, [title, journalTitle]);

  if (isApiError(report.error, 401)) return <SignInPrompt />;
  if (isApiError(report.error, 403)) return <Unauthorized />;
  const day = (value: string) => formatDay(`${value}T12:00:00Z`, language);
  const rangeText =
    range.from && range.to
      ? t('editorial.report_range', { from: day(range.from), to: day(range.to) })
      : range.from
        ? t('editorial.report_range_from', { from: day(range.from) })
        : range.to
          ? t('editorial.report_range_to', { to: day(range.to) })
          : t('editorial.report_range_all');

  return (
    <ReportFrame>
      <Stack gap={4}>
        <Text fw={700} c="brand.8">
          {journalTitle}
        </Text>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text data-testid="report-range">{rangeText}</Text>
        <Text size="sm" c="gray.7">
          {t('editorial.report_generated', { date: formatDay(new Date().toISOString(), language) })}
        </Text>
      </Stack>
      <QueryView query={report} failedTitle={t('editorial.report_failed')} loading={<Waiting inline />}>
        {(data) => <ReportBody slug={slug} card={card} range={range} report={data} />}
      </QueryView>
    </ReportFrame>
  );
}

function ReportBody({
  slug,
  card,
  range,
  report,
}: {
  slug: string;
  card: EditorialCard;
  range: ReportRange;
  report: PaperReport;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const [csvFailed, setCsvFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const fileName = `${slug}-${card}${range.from ? `-${range.from}` : ''}${range.to ? `-${range.to}` : ''}.csv`;

  // A plain link cannot send the interface language, which translates the CSV's header row: the file is asked for
  // here and saved from memory; without script, the link still downloads it (in the browser's language).
  const download = async () => {
    setCsvFailed(false);
    setDownloading(true);
    try {
      const url = URL.createObjectURL(await fetchReportCsv(slug, card, range));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setCsvFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={600} data-testid="report-count">
          {t('editorial.report_rows', { count: report.rows.length })}
        </Text>
        <Group gap="sm" className="no-print">
          <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t('editorial.report_print')}
          </Button>
          <Button
            component="a"
            href={reportCsvUrl(slug, card, range)}
            download={fileName}
            loading={downloading}
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={(event) => {
              event.preventDefault();
              void download();
            }}
            data-testid="report-csv"
          >
            {t('editorial.report_csv')}
          </Button>
        </Group>
      </Group>
      {csvFailed && (
        <Alert color="red" role="alert" className="no-print">
          {t('editorial.csv_failed')}
        </Alert>
      )}
      {report.truncated && (
        <Alert color="orange" data-testid="report-truncated">
          {t('editorial.report_truncated', { count: report.rows.length })}
        </Alert>
      )}
      {report.rows.length === 0 ? (
        <Text ta="center" c="gray.7" py="xl" data-testid="report-empty">
          {t('editorial.report_empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={1100} type="native">
          <Table striped withTableBorder withColumnBorders className="paper-report-table" data-testid="report-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('editorial.col_code')}</Table.Th>
                <Table.Th>{t('editorial.col_version')}</Table.Th>
                <Table.Th>{t('editorial.col_title')}</Table.Th>
                <Table.Th>{t('editorial.col_specialization')}</Table.Th>
                <Table.Th>{t('editorial.col_author')}</Table.Th>
                <Table.Th>{t('editorial.col_author_email')}</Table.Th>
                <Table.Th>{t('editorial.col_reviewers')}</Table.Th>
                <Table.Th>{t('editorial.col_submitted')}</Table.Th>
                <Table.Th>{t('editorial.col_status')}</Table.Th>
                <Table.Th>{t('editorial.col_status_date')}</Table.Th>
                <Table.Th>{t('editorial.col_decision_date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row) => (
                <Table.Tr key={row.id} data-testid="report-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <span dir="ltr">{row.code ?? '—'}</span>
                  </Table.Td>
                  <Table.Td>{formatNumber(row.version, language)}</Table.Td>
                  <Table.Td dir="auto">{row.title}</Table.Td>
                  <Table.Td>
                    {pick({ en: row.specializationEn ?? '', ar: row.specializationAr ?? '' }, language)}
                  </Table.Td>
                  <Table.Td dir="auto">{row.authorName}</Table.Td>
                  <Table.Td>
                    <span dir="ltr">{row.authorEmail}</span>
                  </Table.Td>
                  <Table.Td dir="auto">{row.reviewerNames}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.submittedAt, language)}</Table.Td>
                  <Table.Td>{dynamicT(`papers.status_${row.status}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.statusDate, language)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.decisionDate, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ReportFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="lg" component="main" className="paper-report">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

function Waiting({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const loader = (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
  return inline ? loader : <ReportFrame>{loader}</ReportFrame>;
}

/** Signed out (or the session ended): the report needs the journal's sign-in. */
function SignInPrompt() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  return (
    <ReportFrame>
      <Stack align="center" gap="md" py={64} ta="center" data-testid="report-sign-in">
        <IconLock size={56} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1}>{t('editorial.report_sign_in')}</Title>
        <Button component={Link} to={`/${slug}/`}>
          {t('editorial.report_sign_in_action')}
        </Button>
      </Stack>
    </ReportFrame>
  );
}

/** Signed in without an editorial desk in this journal (spec 03 §2's unauthorized message). */
function Unauthorized() {
  const { t } = useTranslation();
  return (
    <ReportFrame>
      <Stack align="center" gap="md" py={64} ta="center" data-testid="report-unauthorized">
        <IconLock size={56} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1}>{t('backoffice.unauthorized_title')}</Title>
        <Text c="gray.7">{t('errors.forbidden')}</Text>
      </Stack>
    </ReportFrame>
  );
}
