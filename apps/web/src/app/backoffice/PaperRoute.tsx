import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useSession } from '../../lib/session';
import { useReviewerPaper } from '../../features/reviewing/api';
import { ReviewerPaperPage } from '../../features/reviewing/pages/ReviewerPaperPage';
import { PaperPage } from '../../features/submissions/pages/PaperPage';
import { PaperFieldsView } from '../../features/submissions/paper/PaperFieldsView';

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

  if (!reviews || (readsOtherwise && asReviewer.isError)) return <PaperPage />;
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
