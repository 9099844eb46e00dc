import { Alert, Loader, Modal } from '@mantine/core';
import { ReviewResultView } from '../ReviewResultView';
import { useTranslation } from '../../../lib/i18n';
import { type Invitation, reviewFileUrl, useReviewResult } from './api';

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
        <ReviewResultView
          result={result.data}
          fileUrl={(fileId) => reviewFileUrl(slug, paperId, invitation.id, fileId)}
        />
      )}
    </Modal>
  );
}
