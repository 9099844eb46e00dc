import { MB } from '@journals/core/files';
import {
  REVIEW_ATTACHMENT_RULES,
  REVIEW_ATTACHMENT_SLOTS,
  REVIEW_LIMITS,
  type ReviewAttachmentSlot,
} from '@journals/core/reviewing';
import { FileInput, Paper, Stack, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { required } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import type { ReviewDraft } from '../api';
import { acceptOf, type FieldKey } from './review-sheet-fields';

/** The review sheet's comments (for the author, for the editor) and its two optional attachments. */
export function SheetComments({
  draft,
  files,
  change,
  pickFile,
  errorOf,
}: {
  draft: ReviewDraft;
  files: Record<ReviewAttachmentSlot, File | null>;
  /** Changes the draft and clears the error of the field it names. */
  change: (next: Partial<ReviewDraft>, clears: FieldKey) => void;
  pickFile: (slot: ReviewAttachmentSlot, file: File | null) => void;
  /** A field's error, translated. */
  errorOf: (key: FieldKey) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <div data-field="commentForAuthor">
          <Textarea
            label={t('reviewing.comment_for_author')}
            {...required}
            value={draft.commentForAuthor}
            onChange={(event) => change({ commentForAuthor: event.currentTarget.value }, 'commentForAuthor')}
            error={errorOf('commentForAuthor')}
            autosize
            dir="auto"
            minRows={4}
            maxLength={REVIEW_LIMITS.comment}
            data-testid="comment-for-author"
          />
        </div>
        <div data-field="commentForEditor">
          <Textarea
            label={t('reviewing.comment_for_editor')}
            description={t('reviewing.comment_for_editor_hint')}
            value={draft.commentForEditor}
            onChange={(event) => change({ commentForEditor: event.currentTarget.value }, 'commentForEditor')}
            error={errorOf('commentForEditor')}
            autosize
            dir="auto"
            minRows={3}
            maxLength={REVIEW_LIMITS.comment}
            data-testid="comment-for-editor"
          />
        </div>
        {REVIEW_ATTACHMENT_SLOTS.map((slot) => (
          <div key={slot} data-field={slot}>
            <FileInput
              label={t(slot === 'attachForAuthor' ? 'reviewing.attach_for_author' : 'reviewing.attach_for_editor')}
              // The author's attachment crosses the anonymity line: the hint says what is removed and what is not.
              description={t(
                slot === 'attachForAuthor' ? 'reviewing.attachment_hint_author' : 'reviewing.attachment_hint',
                { size: REVIEW_ATTACHMENT_RULES[slot].maxBytes / MB },
              )}
              placeholder={t('reviewing.attachment_placeholder')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              accept={acceptOf(slot)}
              value={files[slot]}
              onChange={(file) => pickFile(slot, file)}
              clearable
              clearButtonProps={{ 'aria-label': t('reviewing.cancel') }}
              error={errorOf(slot)}
              data-testid={slot}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
