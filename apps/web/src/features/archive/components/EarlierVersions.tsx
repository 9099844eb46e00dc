import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { ArchivePaperResponse } from '@journals/core/schemas/archive';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useFullTextAccess } from '../FullTextAccess';
import { longDate } from '../format';

/** An earlier version's PDF (decision 0089): numbered from 1, the oldest. */
export const earlierVersionUrl = (slug: string, paperId: number, version: number) =>
  `/api/journals/${encodeURIComponent(slug)}/archive/papers/${paperId}/versions/${version}/pdf`;

/**
 * The paper's earlier versions, each a file a correction replaced (decision 0089): "Version of {date} (before the
 * correction of {date})", newest first, linked for a reader who may read the paper's full text (on its terms).
 */
export function EarlierVersions({ slug, paper }: { slug: string; paper: ArchivePaperResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const access = useFullTextAccess(slug, paper.id).data;
  if (paper.earlierVersions.length === 0) return null;
  const readable = !access || access.canRead;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="earlier-versions"
      data-testid="earlier-versions"
    >
      <Title order={2} fz="lg" id="earlier-versions" mb={4}>
        {t('archive.earlier_versions')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('archive.earlier_versions_intro')}
      </Text>
      <Stack component="ul" gap={6} m={0} ps={0} style={{ listStyle: 'none' }}>
        {[...paper.earlierVersions].reverse().map((version) => {
          const correctedOn = longDate(version.correctedOn, language);
          const label = version.from
            ? t('archive.earlier_version', { from: longDate(version.from, language), correctedOn })
            : t('archive.earlier_version_undated', { correctedOn });
          return (
            <li key={version.version}>
              <Group gap={6} wrap="nowrap">
                <IconFileTypePdf size={18} aria-hidden />
                {readable ? (
                  <Anchor href={earlierVersionUrl(slug, paper.id, version.version)} data-testid="earlier-version">
                    {label}
                  </Anchor>
                ) : (
                  <Text span>{label}</Text>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
