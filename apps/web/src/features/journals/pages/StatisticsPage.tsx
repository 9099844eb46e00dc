import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { formatNumber } from '@journals/core/format';
import type { EditorialStatistics } from '@journals/core/schemas/journals';
import { Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useEditorialStatistics } from '../api';

/**
 * /{slug}/statistics: the journal's editorial statistics (issue 10 §4) — figures, and papers received and
 * published per year as a bar chart (Mantine charts, in this page's chunk only) with the same figures as a table.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const statistics = useEditorialStatistics(slug);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} mb="xs">
          {t('public.editorial_statistics')}
        </Title>
        <Text c="gray.7">{t('statistics.intro')}</Text>
      </div>
      {statistics.isPending && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {statistics.isError && <Text c="red.8">{t('common.load_failed')}</Text>}
      {statistics.data && <Figures data={statistics.data} />}
    </Stack>
  );
}

function Figures({ data }: { data: EditorialStatistics }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  // The day count agrees with its number (Arabic has six forms: يومان, 3 أيام, 11 يومًا, …).
  const days = (value: number | null) =>
    value === null ? t('statistics.stat_not_yet') : t('statistics.stat_days', { count: value });
  const percent = (value: number | null) =>
    value === null ? t('statistics.stat_not_yet') : formatNumber(value, language, { style: 'percent' });
  const figures = [
    { key: 'received', label: t('statistics.stat_received'), value: number(data.received) },
    {
      key: 'acceptance',
      label: t('statistics.stat_acceptance_rate'),
      value: percent(data.acceptanceRate),
      hint: t('statistics.stat_acceptance_rate_hint', { decided: number(data.decided) }),
    },
    {
      key: 'first-decision',
      label: t('statistics.stat_first_decision'),
      value: days(data.medianDaysToFirstDecision),
      hint: t('statistics.stat_first_decision_hint'),
    },
    {
      key: 'review',
      label: t('statistics.stat_review_days'),
      value: days(data.medianDaysToReview),
      hint: t('statistics.stat_review_days_hint', { reviews: number(data.reviews) }),
    },
    { key: 'published', label: t('statistics.stat_published'), value: number(data.published) },
  ];
  const rows = data.perYear.map((row) => ({
    year: String(row.year),
    [t('statistics.per_year_received')]: row.received,
    [t('statistics.per_year_published')]: row.published,
  }));

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        {figures.map((figure) => (
          <Paper key={figure.key} withBorder radius="lg" p="md" data-testid={`statistic-${figure.key}`}>
            <Text fz={28} fw={700} c="brand.8" lh={1.2}>
              {figure.value}
            </Text>
            <Text fw={600} mt={4}>
              {figure.label}
            </Text>
            {figure.hint && (
              <Text fz="sm" c="gray.7" mt={4}>
                {figure.hint}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>

      <section aria-labelledby="per-year">
        <Title order={2} id="per-year" fz="h3" mb="md">
          {t('statistics.per_year_heading')}
        </Title>
        {rows.length === 0 ? (
          <Text c="gray.7">{t('statistics.per_year_empty')}</Text>
        ) : (
          <Paper withBorder radius="lg" p="md">
            {/* The chart reads left to right in both languages, as years do; the table below carries the same. */}
            <div dir="ltr" aria-hidden>
              <BarChart
                h={300}
                data={rows}
                dataKey="year"
                valueFormatter={number}
                xAxisProps={{
                  tickFormatter: (year: string) => formatNumber(Number(year), language, { useGrouping: false }),
                }}
                maxBarWidth={56}
                // The table below is what assistive technology reads; the drawing takes no focus.
                barChartProps={{ accessibilityLayer: false }}
                withLegend
                series={[
                  { name: t('statistics.per_year_received'), color: 'brand.6' },
                  { name: t('statistics.per_year_published'), color: 'teal.6' },
                ]}
              />
            </div>
            <Table mt="md" striped withTableBorder data-testid="per-year-table">
              <Table.Caption c="gray.7">{t('statistics.per_year_table')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('statistics.per_year_year')}</Table.Th>
                  <Table.Th>{t('statistics.per_year_received')}</Table.Th>
                  <Table.Th>{t('statistics.per_year_published')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.perYear.map((row) => (
                  <Table.Tr key={row.year}>
                    <Table.Td>{formatNumber(row.year, language, { useGrouping: false })}</Table.Td>
                    <Table.Td>{number(row.received)}</Table.Td>
                    <Table.Td>{number(row.published)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </section>
    </>
  );
}
