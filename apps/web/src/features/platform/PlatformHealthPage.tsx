import { formatDay, formatNumber, formatTime } from '@journals/core/format';
import type { ScheduledJobState } from '@journals/core/schemas/operations';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryView } from '../../components/QueryView';
import { ScreenHeading } from '../../components/ScreenHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { dashboardPath } from '../../lib/session';
import { usePlatformHealth } from './health-api';

type JobState = 'ok' | 'overdue' | 'failing';
const STATE_COLOR: Record<JobState, string> = { ok: 'green', overdue: 'red', failing: 'orange' };
/** The outbox's states the mail card counts, in the order they pass. */
const MAIL_STATES = ['pending', 'sending', 'failed'] as const;
const stateOf = (job: ScheduledJobState): JobState => (job.overdue ? 'overdue' : job.lastError ? 'failing' : 'ok');

/**
 * The platform administrator's health screen (issue 23 §3): each scheduled job's last successful run and whether it
 * is overdue or failing, the mail waiting or given up, the job queue and the migrations. Scheduled work that stopped
 * is said at the top, in red, so that nobody learns of it from the reviewers who were never reminded.
 */
export function PlatformHealthPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const query = usePlatformHealth(slug);
  const when = (value: string) => `${formatDay(value, language)} ${formatTime(new Date(value), language)}`;

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_platformHealth')} intro={t('health.intro')} />
      <QueryView query={query} failedTitle={t('health.load_failed')}>
        {(health) => (
          <Stack gap="lg">
            {health.scheduled.some((job) => job.overdue) && (
              <Alert
                color="red"
                icon={<IconAlertTriangle aria-hidden />}
                title={t('health.overdue_alert_title')}
                data-testid="health-overdue"
              >
                {t('health.overdue_alert')}
              </Alert>
            )}
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('health.jobs_title')}
              </Title>
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="sm" data-testid="health-jobs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('health.col_job')}</Table.Th>
                      <Table.Th>{t('health.col_period')}</Table.Th>
                      <Table.Th>{t('health.col_last_success')}</Table.Th>
                      <Table.Th>{t('health.col_state')}</Table.Th>
                      <Table.Th>{t('health.col_failures')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {health.scheduled.map((job) => (
                      <Table.Tr key={job.job} data-testid={`health-job-${job.job}`}>
                        <Table.Td>
                          <Text size="sm">{dynamicT(`health.job_${job.job}`)}</Text>
                          {job.lastError && (
                            <Text size="xs" c="red.9" data-testid="health-job-error">
                              {t('health.last_error', { error: job.lastError })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {t('health.every_minutes', {
                            count: formatNumber(Math.round(job.periodSeconds / 60), language),
                          })}
                        </Table.Td>
                        <Table.Td>{job.lastSuccessAt ? when(job.lastSuccessAt) : t('health.never')}</Table.Td>
                        <Table.Td>
                          <StatusBadge color={STATE_COLOR[stateOf(job)]} data-testid="health-job-state">
                            {t(`health.state_${stateOf(job)}`)}
                          </StatusBadge>
                        </Table.Td>
                        <Table.Td>{formatNumber(job.failures, language)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <Paper withBorder p="md" radius="md" data-testid="health-mail">
                <Title order={2} size="h4" mb="sm">
                  {t('health.mail_title')}
                </Title>
                {MAIL_STATES.map((state) => (
                  <Group key={state} justify="space-between">
                    <Text size="sm">{t(`health.mail_${state}`)}</Text>
                    <Text
                      fw={700}
                      c={state === 'failed' && health.outbox.failed > 0 ? 'red.9' : undefined}
                      data-testid={`health-mail-${state}`}
                    >
                      {formatNumber(health.outbox[state], language)}
                    </Text>
                  </Group>
                ))}
                <Anchor component={Link} to={dashboardPath(slug, 'platformOutbox')} size="sm" mt="sm" display="block">
                  {t('health.mail_outbox_link')}
                </Anchor>
              </Paper>
              <Paper withBorder p="md" radius="md" data-testid="health-queue">
                <Title order={2} size="h4" mb="sm">
                  {t('health.queue_title')}
                </Title>
                {!health.queue.started ? (
                  <Text size="sm">{t('health.queue_none')}</Text>
                ) : health.queue.jobs.length === 0 ? (
                  <Text size="sm">{t('health.queue_empty')}</Text>
                ) : (
                  <Table verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('health.queue_col_queue')}</Table.Th>
                        <Table.Th>{t('health.queue_col_state')}</Table.Th>
                        <Table.Th>{t('health.queue_col_jobs')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {health.queue.jobs.map((row) => (
                        <Table.Tr key={`${row.queue} ${row.state}`}>
                          <Table.Td dir="ltr">{row.queue}</Table.Td>
                          <Table.Td dir="ltr">{row.state}</Table.Td>
                          <Table.Td>{formatNumber(row.jobs, language)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Paper>
              <Paper withBorder p="md" radius="md" data-testid="health-doi">
                <Title order={2} size="h4" mb="sm">
                  {t('health.doi_title')}
                </Title>
                {(['pending', 'failed'] as const).map((state) => (
                  <Group key={state} justify="space-between">
                    <Text size="sm">{t(`health.doi_${state}`)}</Text>
                    <Text
                      fw={700}
                      c={state === 'failed' && health.doiDeposits.failed > 0 ? 'red.9' : undefined}
                      data-testid={`health-doi-${state}`}
                    >
                      {formatNumber(health.doiDeposits[state], language)}
                    </Text>
                  </Group>
                ))}
                <Text size="xs" c="gray.7" mt="sm">
                  {t('health.doi_hint')}
                </Text>
              </Paper>
              <Paper withBorder p="md" radius="md" data-testid="health-database">
                <Title order={2} size="h4" mb="sm">
                  {t('health.database_title')}
                </Title>
                <Text size="sm">
                  {t('health.migrations', {
                    applied: formatNumber(health.migrations.applied, language),
                    known: formatNumber(health.migrations.known, language),
                  })}
                </Text>
                {health.migrations.applied < health.migrations.known && (
                  <Text size="sm" c="red.9">
                    {t('health.migrations_missing')}
                  </Text>
                )}
              </Paper>
            </SimpleGrid>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
