import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { reviewFileUrl, useReviewerComments } from './api';

/**
 * "Reviewers' comments" once the paper is decided (spec 02 §2; issue 9 §4): each review's comment for the author,
 * numbered, with its attachment, never with a name. The author reads them; so do those who run the review.
 */
export function ReviewerComments({ slug, paperId, decided }: { slug: string; paperId: number; decided: boolean }) {
  const { t } = useTranslation();
  const comments = useReviewerComments(slug, paperId, decided);
  const items = (comments.data?.items ?? []).filter((item) => item.commentForAuthor.trim() || item.attachment);
  if (!decided || items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reviewer-comments">
      <Title order={2} fz="lg" mb="xs" id="reviewer-comments">
        {t('decisions.reviewer_comments')}
      </Title>
      <Stack gap="md">
        {items.map((item) => (
          <Stack key={item.id} gap={4} data-testid="reviewer-comment">
            <Title order={3} fz="md">
              {t('decisions.reviewer_number', { number: item.number })}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
              {item.commentForAuthor}
            </Text>
            {item.attachment && (
              <Anchor
                href={reviewFileUrl(slug, paperId, item.id, item.attachment.id)}
                target="_blank"
                rel="noopener"
                size="sm"
              >
                {t('decisions.attachment', { name: item.attachment.originalName })}
              </Anchor>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
