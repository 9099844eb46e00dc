import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { Candidate } from './api';

/** A candidate as a radio card: load, recent reviews, median days, and what the editor should know. */
export function CandidateCard({ candidate, taken: added }: { candidate: Candidate; taken: boolean }) {
  const { t } = useTranslation();
  // An author of the paper is never its reviewer (core paperRelation): shown, with why, but not offered.
  const taken = added || candidate.conflict === 'author';
  return (
    <Radio.Card
      value={String(candidate.id)}
      disabled={taken}
      radius="md"
      p="sm"
      data-testid="candidate"
      style={taken ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={taken} mt={2} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" dir="auto">
              {candidate.fullName}
            </Text>
            {candidate.externalReviewer && (
              <Badge size="xs" variant="outline" color="grape">
                {t('decisions.external')}
              </Badge>
            )}
            {candidate.suggested && (
              <Badge size="xs" variant="light" color="teal">
                {t('decisions.suggested')}
              </Badge>
            )}
            {candidate.conflict && (
              <Badge size="xs" variant="filled" color="red">
                {t('decisions.conflict')}
              </Badge>
            )}
            {taken && (
              <Badge size="xs" variant="light" color="gray">
                {t('decisions.already_added')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7">
            <span dir="ltr">{candidate.email}</span>
            {candidate.workPlace && <span dir="auto"> · {candidate.workPlace}</span>}
          </Text>
          <Text size="xs" c="gray.8">
            {t('decisions.candidate_load', {
              open: candidate.openInvitations,
              recent: candidate.recentReviews,
              median: candidate.medianDays ?? '—',
            })}
          </Text>
          {candidate.conflict && (
            <Text size="xs" c="red.8">
              {t(candidate.conflict === 'author' ? 'validation.conflict_author' : 'validation.conflict_workplace')}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
