import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useSession } from '../../lib/session';
import { EditorActions } from '../../features/decisions/EditorActions';
import { FinalDecisionView } from '../../features/decisions/FinalDecisionView';
import { useReviewerPaper } from '../../features/reviewing/api';
import { ReviewerComments } from '../../features/reviewing/editor-review/ReviewerComments';
import { ReviewersSection } from '../../features/reviewing/editor-review/ReviewersSection';
import { ReviewsSummary } from '../../features/reviewing/editor-review/ReviewsSummary';
import { ReviewerPaperPage } from '../../features/reviewing/pages/ReviewerPaperPage';
import { PaperPage } from '../../features/submissions/pages/PaperPage';
import type { PaperPageParts } from '../../features/submissions/paper/page-parts';
import { PaperFieldsView } from '../../features/submissions/paper/PaperFieldsView';

/** The paper page's reviewing and decisions parts (the submission feature imports neither feature). */
const paperPageParts = (slug: string): PaperPageParts => ({
  editorActions: (paper) => (
    <EditorActions slug={slug} paper={paper} reviewsSummary={<ReviewsSummary slug={slug} paperId={paper.id} />} />
  ),
  finalDecision: ({ paperId, decision, size }) => (
    <FinalDecisionView slug={slug} paperId={paperId} decision={decision} size={size} />
  ),
  reviewerComments: ({ id, decided }) => <ReviewerComments slug={slug} paperId={id} decided={decided} />,
  reviewers: ({ paper, specializations, waitsForPayment }) => (
    <ReviewersSection slug={slug} paper={paper} specializations={specializations} waitsForPayment={waitsForPayment} />
  ),
});

/**
 * /{slug}/dashboard/papers/{id} (spec 02 §2): the paper page, read through the paper for its author and editors,
 * and through their invitation for a reviewer, who never receives its authors (DESIGN §4). Someone who also holds
 * another role is asked first whether the paper is one they review.
 */
export function PaperRoute() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const id = Number(useParams().id);
  const roles = useSession(slug).data?.user?.roles ?? [];
  const reviews = roles.includes('reviewer');
  const readsOtherwise = roles.some((role) => role !== 'reviewer');
  const asReviewer = useReviewerPaper(slug, id, { quiet: readsOtherwise, enabled: reviews && Number.isInteger(id) });

  if (!reviews || (readsOtherwise && asReviewer.isError)) return <PaperPage {...paperPageParts(slug)} />;
  if (readsOtherwise && !asReviewer.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  return (
    <ReviewerPaperPage
      paperId={id}
      fields={(paper, fileHref) => (
        <PaperFieldsView
          paper={{
            ...paper,
            keywords: paper.keywords ?? [],
            abstract: paper.abstract ?? '',
            answers: paper.answers ?? [],
            department: paper.department ?? '',
            specialization: paper.specialization
              ? { name: { en: paper.specialization.nameEn, ar: paper.specialization.nameAr } }
              : null,
          }}
          files={paper.files}
          fileHref={fileHref}
          showAuthors={false}
        />
      )}
    />
  );
}
