import { formatDay } from '@journals/core/format';
import type { PaperLogEntry } from '@journals/core/schemas/paper-logs';
import type { TranslationParams } from '../../lib/i18n';

type DynamicT = (key: string | undefined, params?: TranslationParams) => string;

/**
 * An entry's notes in the reader's language (decision 0024): the codes the server writes (a decision, a refusal's
 * category, out of scope, a reminder's kind, a deadline change, a notice's kind) in words; any other note as written.
 */
export function noteText(entry: PaperLogEntry, t: DynamicT, language: 'en' | 'ar'): string {
  const notes = entry.notes?.trim() ?? '';
  if (!notes) return '';
  switch (entry.action) {
    case 'finalDecision':
      return /^[123]$/.test(notes) ? t(`submissions.decision_${notes}`) : notes;
    case 'directlyRejected':
      return notes === 'outOfScope' ? t('decisions.out_of_scope') : notes;
    case 'invitationRejected':
    case 'invitationDirectlyRejected': {
      const [, category, reason] = /^(noTime|outsideExpertise|conflictOfInterest|other): ([\s\S]*)$/.exec(notes) ?? [];
      return category ? `${t(`invitation.category_${category}`)}: ${reason}` : notes;
    }
    case 'deadlineChanged': {
      const [, from, to] = /^(\d{4}-\d\d-\d\d) → (\d{4}-\d\d-\d\d)$/.exec(notes) ?? [];
      return from && to
        ? t('paperLogs.deadline_note', { from: formatDay(from, language), to: formatDay(to, language) })
        : notes;
    }
    case 'reminderSent': {
      const [, kind, names, day] =
        /^(invitationUnanswered|reviewDueSoon|reviewDueToday|reviewLate|revisionDueSoon|noReviewer): (.*) \((\d{4}-\d\d-\d\d)\)$/.exec(
          notes,
        ) ?? [];
      return kind ? `${t(`paperLogs.reminder_${kind}`)}: ${names} (${formatDay(day, language)})` : notes;
    }
    case 'noticePublished': {
      // "correction:fileReplaced": a correction whose corrected file replaced the paper's PDF (decision 0089).
      const [, kind, replaced] = /^(correction|expressionOfConcern|retraction)(:fileReplaced)?$/.exec(notes) ?? [];
      if (!kind) return notes;
      return replaced ? `${t(`notices.kind_${kind}`)} · ${t('notices.log_file_replaced')}` : t(`notices.kind_${kind}`);
    }
    default:
      return notes;
  }
}
