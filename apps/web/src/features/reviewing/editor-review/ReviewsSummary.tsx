import { formatDay } from '@journals/core/format';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { isOpenInvitation } from '@journals/core/rules/reviewing';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useReviewers } from './api';

/** What the reviewers recommended, above the final decision: one line per finished review, and who is still out. */
export function ReviewsSummary({ slug, paperId }: { slug: string; paperId: number }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const reviewers = useReviewers(slug, paperId);
  const items = reviewers.data?.items ?? [];
  const reviewed = items.filter((invitation) => invitation.status === REVIEW_STATUS.reviewed);
  const open = items.filter((invitation) => isOpenInvitation({ status: invitation.status, removed: false }));
  return (
    <Paper withBorder radius="lg" p="md" data-testid="reviews-summary">
      <Title order={2} fz="lg" mb="xs">
        {t('decisions.summary_title')}
      </Title>
      {reviewers.isError ? (
        <Alert color="red" role="alert">
          {reviewers.error.message}
        </Alert>
      ) : !reviewers.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <Stack gap={6}>
          {reviewed.length === 0 && <Text c="gray.7">{t('decisions.summary_none')}</Text>}
          {reviewed.map((invitation) => (
            <Group key={invitation.id} gap="sm" data-testid="summary-review">
              <Text fw={600} size="sm" dir="auto">
                {invitation.fullName}
              </Text>
              <Badge variant="light" color="indigo">
                {dynamicT(`reviewing.recommendation_${invitation.recommendation}`)}
              </Badge>
              {invitation.reviewedAt && (
                <Text size="xs" c="gray.7">
                  {t('decisions.reviewed_on', { date: formatDay(invitation.reviewedAt, language) })}
                </Text>
              )}
            </Group>
          ))}
          {open.length > 0 && (
            <Text size="sm" c="orange.9">
              {t('decisions.summary_open', { count: open.length })}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
