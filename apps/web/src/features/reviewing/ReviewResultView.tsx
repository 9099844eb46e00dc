import { formatDay } from '@journals/core/format';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { StatusBadge } from '../../components/StatusBadge';

interface FileRef {
  id: number;
  originalName: string;
}

/** A review as its readers get it: the reviewer's own result, or the review as those who run the paper read it. */
export interface ReadableReview {
  status: number;
  reviewedAt: string | null;
  recommendation: number | null;
  answers:
    | { groupEn?: string; groupAr?: string; questionEn: string; questionAr: string; type: number; answer: string }[]
    | null;
  commentForAuthor: string | null;
  authorAttachment: FileRef | null;
  /** Only for the editors and the review's own reviewer. */
  commentForEditor?: string | null;
  editorAttachment?: FileRef | null;
  refusalCategory?: string | null;
  refusalReason?: string | null;
  suggestedReviewer?: string | null;
}

/**
 * A review, read-only (spec 01 §2 "full-screen read-only review result", §6): the answers under their questions in
 * the interface language, the recommendation, the comments and attachments the reader may see. A part the answer
 * lacks (the editor's part for an author, an empty comment, a declined invitation's answers) is left out. The
 * reviewer's result and the editor's answer-sheet dialog both show it; `fileUrl` is where an attachment opens.
 */
export function ReviewResultView({ result, fileUrl }: { result: ReadableReview; fileUrl: (fileId: number) => string }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const answers = result.answers ?? [];
  const groups = groupBy(answers, (answer) => (language === 'ar' ? answer.groupAr : answer.groupEn) ?? '');
  const attachment = (file: FileRef | null | undefined) =>
    file && (
      <Anchor href={fileUrl(file.id)} target="_blank" rel="noopener" data-testid="review-attachment">
        <Group gap={6} wrap="nowrap">
          <IconDownload size={16} aria-hidden />
          <span>{t('reviewing.result_attachment', { name: file.originalName })}</span>
        </Group>
      </Anchor>
    );
  const parts: ReactNode[] = [];

  if (result.status === REVIEW_STATUS.refused) {
    parts.push(
      <Section key="declined" title={t('reviewing.result_declined')}>
        {result.refusalCategory && (
          <StatusBadge color="red">{dynamicT(`reviewing.refusal_${result.refusalCategory}`)}</StatusBadge>
        )}
        {result.refusalReason && <Labelled label={t('reviewing.result_refusal_reason')} text={result.refusalReason} />}
        {result.suggestedReviewer && (
          <Labelled label={t('reviewing.result_suggested_reviewer')} text={result.suggestedReviewer} />
        )}
      </Section>,
    );
  }
  if (result.recommendation) {
    parts.push(
      <Section key="recommendation" title={t('reviewing.result_recommendation')}>
        <Text fw={600} data-testid="review-recommendation">
          {dynamicT(`reviewing.recommendation_${result.recommendation}`)}
        </Text>
      </Section>,
    );
  }
  if (answers.length > 0) {
    parts.push(
      <Section key="answers" title={t('reviewing.result_answers')}>
        {groups.map(([group, items]) => (
          <Stack key={group} gap={4}>
            {group && (
              <Title order={4} fz="md">
                {group}
              </Title>
            )}
            <Table variant="vertical" withTableBorder layout="fixed">
              <Table.Tbody>
                {items.map((answer, index) => (
                  <Table.Tr key={index} data-testid="review-answer">
                    <Table.Th w={{ base: '55%', sm: '60%' }} fw={500}>
                      {language === 'ar' ? answer.questionAr : answer.questionEn}
                    </Table.Th>
                    <Table.Td>{dynamicT(`reviewing.answer_${answer.type}_${answer.answer}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Section>,
    );
  }
  if (result.commentForAuthor || result.authorAttachment) {
    parts.push(
      <Section key="author" title={t('reviewing.result_comment_author')}>
        {result.commentForAuthor && <Written text={result.commentForAuthor} testId="review-comment-author" />}
        {attachment(result.authorAttachment)}
      </Section>,
    );
  }
  if (result.commentForEditor || result.editorAttachment) {
    parts.push(
      <Section key="editor" title={t('reviewing.result_comment_editor')}>
        {result.commentForEditor && <Written text={result.commentForEditor} testId="review-comment-editor" />}
        {attachment(result.editorAttachment)}
      </Section>,
    );
  }

  return (
    <Stack gap="lg" data-testid="review-result">
      {result.reviewedAt && (
        <Text c="gray.7">{t('reviewing.result_reviewed_on', { date: formatDay(result.reviewedAt, language) })}</Text>
      )}
      {parts.length > 0 ? parts : <Text c="gray.7">{t('reviewing.result_empty')}</Text>}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What a person wrote: in its own direction, its line breaks kept. */
function Written({ text, testId }: { text: string; testId?: string }) {
  return (
    <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
      {text}
    </Text>
  );
}

function Labelled({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Written text={text} />
    </Stack>
  );
}

/** Items under their group's heading, the groups in the order they first appear. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()];
}
