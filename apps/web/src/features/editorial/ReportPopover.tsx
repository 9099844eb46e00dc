import type { EditorialCard } from '@journals/core/editorial';
import { editorialReportQuery } from '@journals/core/schemas/editorial';
import { Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink, IconReportAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { reportPath } from './report-path';

/**
 * The paper report's popup (spec 01 §2): two optional submission days, "to" not before "from" (the server's own
 * rule), and a button that opens the report page in a new window (spec 01 §7).
 */
export function ReportPopover({ slug, card }: { slug: string; card: EditorialCard }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<{ field: 'from' | 'to'; key: string } | null>(null);

  const openReport = () => {
    const range = { from: from || undefined, to: to || undefined };
    const parsed = editorialReportQuery.safeParse(range);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'from' ? 'from' : 'to', key: issue?.message ?? 'validation.valid_date' });
      return;
    }
    setError(null);
    window.open(reportPath(language, slug, card, range), '_blank', 'noopener');
    setOpened(false);
  };

  const dayField = (field: 'from' | 'to', value: string, onChange: (value: string) => void) => (
    <TextInput
      type="date"
      label={t(field === 'from' ? 'editorial.report_from' : 'editorial.report_to')}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        setError(null);
      }}
      error={error?.field === field ? dynamicT(error.key) : undefined}
      dir="ltr"
      w={180}
      data-testid={`report-${field}`}
    />
  );

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus width={420}>
      <Popover.Target>
        <Button
          variant="light"
          leftSection={<IconReportAnalytics size={18} aria-hidden />}
          onClick={() => setOpened((value) => !value)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="report-button"
        >
          {t('editorial.report')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby="report-popup-title" data-testid="report-popup">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            openReport();
          }}
        >
          <Stack gap="sm">
            <Text fw={700} id="report-popup-title">
              {t('editorial.report')}
            </Text>
            <Text size="sm" c="gray.7">
              {t('editorial.report_range_label')}
            </Text>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              {dayField('from', from, setFrom)}
              {dayField('to', to, setTo)}
            </Group>
            <Text size="xs" c="gray.7">
              {t('editorial.report_opens_window')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" rightSection={<IconExternalLink size={16} aria-hidden />} data-testid="report-open">
                {t('editorial.report_open')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
