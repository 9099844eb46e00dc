import { canRefuseDirectly, reviewIsOpen } from '@journals/core/rules/reviewing';
import { Button } from '@mantine/core';
import { IconBan, IconGavel } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FinalDecisionDialog } from './FinalDecisionDialog';
import { RefusePaperDialog } from './RefusePaperDialog';

/**
 * The paper page's buttons for those who run the review (spec 02 §6): refusing a new paper directly, and the
 * final decision while the review is open. Each owns its dialog.
 */
export function EditorActions({
  slug,
  paper,
  reviewsSummary,
}: {
  slug: string;
  paper: {
    id: number;
    status: number;
    parentPaperId?: number | null;
    superseded?: boolean;
    statusDate?: string | null;
  };
  /** What the reviewers recommended, above the final decision (reviewing's summary, composed by the app layer). */
  reviewsSummary: ReactNode;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'refuse' | 'decide' | null>(null);
  const close = () => setDialog(null);
  const refusable =
    !paper.superseded && canRefuseDirectly({ status: paper.status, parentPaperId: paper.parentPaperId ?? null });
  return (
    <>
      {reviewIsOpen(paper) && (
        <Button
          color="indigo"
          leftSection={<IconGavel size={16} aria-hidden />}
          onClick={() => setDialog('decide')}
          data-testid="final-decision-open"
        >
          {t('decisions.decision_title')}
        </Button>
      )}
      {refusable && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => setDialog('refuse')}
          data-testid="refuse-open"
        >
          {t('decisions.refuse_title')}
        </Button>
      )}
      <FinalDecisionDialog
        slug={slug}
        paperId={paper.id}
        reviewsSummary={reviewsSummary}
        opened={dialog === 'decide'}
        onClose={close}
      />
      <RefusePaperDialog
        slug={slug}
        paperId={paper.id}
        seenStatusDate={paper.statusDate}
        opened={dialog === 'refuse'}
        onClose={close}
      />
    </>
  );
}
