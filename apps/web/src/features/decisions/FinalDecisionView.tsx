import { FINAL_DECISIONS } from '@journals/core/reviewing';
import { Anchor, Stack, Text } from '@mantine/core';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { decisionAttachmentUrl } from './api';

/** A paper's final decision as the paper and each of its versions carry it (GET papers/{id}, …/history). */
export interface RecordedDecision {
  decision: number;
  comments: string | null;
  attachment?: { id: number; originalName: string } | null;
}

/** A final decision: its code's label, the comments (or "out of scope") and the attachment (the page's panel and each history entry). */
export function FinalDecisionView({
  slug,
  paperId,
  decision,
  size,
}: {
  slug: string;
  paperId: number;
  decision: RecordedDecision;
  size?: 'sm';
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  return (
    <Stack gap={4} data-testid="final-decision">
      <Text fw={600} size={size}>
        {dynamicT(`submissions.decision_${decision.decision}`)}
      </Text>
      {decision.comments ? (
        <Text size={size} style={{ whiteSpace: 'pre-wrap' }} dir="auto">
          {decision.comments}
        </Text>
      ) : (
        // A direct refusal without a reason: the paper was out of scope (spec 02 §4, status 6).
        decision.decision === FINAL_DECISIONS.reject && (
          <Text size={size} data-testid="out-of-scope">
            {t('decisions.out_of_scope_decision')}
          </Text>
        )
      )}
      {decision.attachment && (
        <Anchor
          href={decisionAttachmentUrl(slug, paperId, decision.attachment.id)}
          target="_blank"
          rel="noopener"
          size={size ?? 'md'}
        >
          {t('submissions.decision_attachment', { name: decision.attachment.originalName })}
        </Anchor>
      )}
    </Stack>
  );
}
