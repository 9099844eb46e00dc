import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useArchivedPaper } from './api';
import { ArchivedPaperForm } from './ArchivedPaperForm';
import { PaperDoi } from './PaperDoi';
import { PaperNotices } from './PaperNotices';
import { archiveIssuePapersPath, archiveManagementPath } from './paths';

/**
 * /{slug}/admin/ArchiveManagement/Papers/{pId}/Edit: a published paper's notices (decision 0087), then the archived
 * paper's form, back to its issue's papers after.
 */
export function ArchivedPaperPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const paperId = Number(useParams().id);
  const paper = useArchivedPaper(slug, paperId);
  const back = paper.data
    ? archiveIssuePapersPath(slug, paper.data.volume, paper.data.issue)
    : archiveManagementPath(slug);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back} size="sm">
        {paper.data ? t('archiveManagement.back_to_papers') : t('archiveManagement.back_to_issues')}
      </Anchor>
      <Title order={1} fz={28}>
        {t('archiveManagement.edit_title')}
      </Title>
      {paper.isError ? (
        <Alert color="red" role="alert">
          {paper.error.message}
        </Alert>
      ) : !paper.data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          {paper.data.published && <PaperDoi slug={slug} paperId={paper.data.id} doi={paper.data.doi} />}
          <PaperNotices
            paperId={paper.data.id}
            titles={{ en: paper.data.titleEn, ar: paper.data.titleAr }}
            published={paper.data.published}
          />
          <ArchivedPaperForm
            key={paper.data.id}
            slug={slug}
            paper={paper.data}
            onSaved={() => void navigate(back)}
            onCancel={() => void navigate(back)}
          />
        </>
      )}
    </Stack>
  );
}
