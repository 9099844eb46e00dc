import { Alert, Loader, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { requiredMark } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import type { useCandidates } from './api';
import { CandidateCard } from './CandidateCard';

/**
 * The invite dialog's list of candidates (spec 02 §5): a search over the specialization's reviewers and one radio
 * card each; those already on the paper are shown but not offered.
 */
export function CandidateList({
  search,
  onSearch,
  candidates,
  specializationId,
  reviewerId,
  onPick,
  error,
  taken,
}: {
  search: string;
  onSearch: (search: string) => void;
  candidates: ReturnType<typeof useCandidates>;
  specializationId: number | null;
  reviewerId: number | null;
  onPick: (reviewerId: number) => void;
  /** The chosen reviewer's error, translated. */
  error: string | undefined;
  /** Reviewers already on the paper. */
  taken: number[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('decisions.search_reviewers')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
      {candidates.isError ? (
        <Alert color="red" role="alert">
          {candidates.error.message}
        </Alert>
      ) : !candidates.data ? (
        specializationId !== null && <Loader size="sm" aria-label={t('common.loading')} />
      ) : candidates.data.items.length === 0 ? (
        <Text c="gray.7" size="sm">
          {t('decisions.no_candidates')}
        </Text>
      ) : (
        <Radio.Group
          label={t('decisions.reviewer')}
          {...requiredMark}
          value={reviewerId === null ? null : String(reviewerId)}
          onChange={(value) => onPick(Number(value))}
          error={error}
        >
          <ScrollArea.Autosize mah={340} type="auto" mt={4}>
            <Stack gap={6} pe="xs">
              {candidates.data.items.map((candidate) => (
                <CandidateCard
                  key={candidate.id}
                  candidate={candidate}
                  taken={candidate.addedBefore || taken.includes(candidate.id)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {candidates.data.total > candidates.data.items.length && (
            <Text size="xs" c="gray.7" mt={4}>
              {t('decisions.more_candidates', {
                shown: candidates.data.items.length,
                total: candidates.data.total,
              })}
            </Text>
          )}
        </Radio.Group>
      )}
    </Stack>
  );
}
