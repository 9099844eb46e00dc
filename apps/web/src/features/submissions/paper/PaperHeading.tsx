import { formatDay } from '@journals/core/format';
import { STATUS_COLORS } from '@journals/core/papers';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import type { PaperDetail } from '../api';

/** The paper page's heading: the title, and under it the code, the status, the version and the day it was sent. */
export function PaperHeading({ paper }: { paper: PaperDetail }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {paper.title_of_the_work}
        </Title>
        <Group gap="sm">
          {paper.code && (
            <Text fw={600} dir="ltr" data-testid="paper-code">
              {paper.code}
            </Text>
          )}
          {/* A dot of the status colour beside dark text: orange text on its light tint fails WCAG AA. */}
          <Badge color={STATUS_COLORS[paper.status] ?? 'gray'} variant="dot" size="lg" data-testid="paper-status">
            {dynamicT(`papers.status_${paper.status}`)}
          </Badge>
          {paper.version != null && paper.version > 0 && (
            <Text size="sm" c="gray.7">
              {t('submissions.version', { version: paper.version })}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {t('submissions.submitted_on', { date: formatDay(paper.submittedAt ?? paper.createdAt, language) })}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
