import { formatDay } from '@journals/core/format';
import { Alert, Anchor, Badge, Divider, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { type Invitation, type ReviewResult, reviewFileUrl, type StoredFile, useReviewResult } from './review-api';

/** A finished review's answer sheet, read-only, for those who run the paper's review (GET reviews/{id}). */
export function ReviewResultDialog({
  slug,
  paperId,
  invitation,
  onClose,
}: {
  slug: string;
  paperId: number;
  invitation: Invitation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const result = useReviewResult(slug, paperId, invitation?.id ?? null);
  return (
    <Modal
      opened={invitation !== null}
      onClose={onClose}
      size="xl"
      title={invitation ? t('decisions.sheet_title', { name: invitation.fullName }) : ''}
    >
      {result.isError ? (
        <Alert color="red" role="alert">
          {result.error.message}
        </Alert>
      ) : !result.data || !invitation ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <ReviewResultView slug={slug} paperId={paperId} invitationId={invitation.id} result={result.data} />
      )}
    </Modal>
  );
}

/** The review as read: recommendation, answers under their groups, the comments and attachments. */
function ReviewResultView({
  slug,
  paperId,
  invitationId,
  result,
}: {
  slug: string;
  paperId: number;
  invitationId: number;
  result: ReviewResult;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const inLanguage = (en: string | undefined, ar: string | undefined) =>
    (language === 'ar' ? ar || en : en || ar) ?? '';
  const file = (attachment: StoredFile | null | undefined) =>
    attachment && (
      <Anchor href={reviewFileUrl(slug, paperId, invitationId, attachment.id)} target="_blank" rel="noopener" size="sm">
        {t('decisions.attachment', { name: attachment.originalName })}
      </Anchor>
    );
  let group = '';
  return (
    <Stack gap="md" data-testid="review-result">
      <Group gap="sm">
        <Text fw={600}>{t('decisions.col_recommendation')}:</Text>
        <Badge variant="light" color="indigo" data-testid="review-recommendation">
          {dynamicT(`reviewing.recommendation_${result.recommendation}`)}
        </Badge>
        {result.reviewedAt && (
          <Text size="sm" c="gray.7">
            {t('decisions.reviewed_on', { date: formatDay(result.reviewedAt, language) })}
          </Text>
        )}
      </Group>
      {result.answers.length > 0 && (
        <Table verticalSpacing={6}>
          <Table.Tbody>
            {result.answers.flatMap((answer) => {
              const heading = inLanguage(answer.groupEn, answer.groupAr);
              const rows = [];
              if (heading && heading !== group) {
                group = heading;
                rows.push(
                  <Table.Tr key={`g${answer.questionId}`}>
                    <Table.Th colSpan={2} bg="gray.0">
                      {heading}
                    </Table.Th>
                  </Table.Tr>,
                );
              }
              rows.push(
                <Table.Tr key={answer.questionId} data-testid="review-answer">
                  <Table.Td>
                    <Text size="sm">{inLanguage(answer.questionEn, answer.questionAr)}</Text>
                  </Table.Td>
                  <Table.Td w="35%">
                    <Text size="sm" fw={600}>
                      {dynamicT(`reviewing.answer_${answer.type}_${answer.answer}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
              );
              return rows;
            })}
          </Table.Tbody>
        </Table>
      )}
      <Divider />
      <Stack gap={4}>
        <Title order={3} fz="md">
          {t('decisions.comment_for_author')}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
          {result.commentForAuthor || '—'}
        </Text>
        {file(result.authorAttachment)}
      </Stack>
      {result.commentForEditor !== undefined && (
        <Stack gap={4}>
          <Title order={3} fz="md">
            {t('decisions.comment_for_editor')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
            {result.commentForEditor || '—'}
          </Text>
          {file(result.editorAttachment)}
        </Stack>
      )}
    </Stack>
  );
}
