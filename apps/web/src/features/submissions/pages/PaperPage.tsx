import { formatDay } from '@journals/core/format';
import { SUBMISSION_KINDS } from '@journals/core/papers';
import { canPayUploadFee, canResubmit } from '@journals/core/rules/papers';
import { reviewWaitsForPayment } from '@journals/core/rules/payments';
import { canPrintEthicsForm, hasFinalDecision } from '@journals/core/rules/workflow';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconFileCertificate,
  IconFileSearch,
  IconFileTypePdf,
  IconHistory,
  IconMail,
  IconPrinter,
  IconRefresh,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePick } from '../../../lib/journal';
import { useSession } from '../../../lib/session';
import { ethicsFormUrl, fileUrl, finalFileUrl, usePaper, useSpecializations } from '../api';
import { useOpenEthicsForm } from '../paper/ethics-form';
import type { PaperPageParts } from '../paper/page-parts';
import { HistoryDialog, MailStaffDialog, ResubmitDialog } from '../paper/PaperDialogs';
import { PaperFieldsView } from '../paper/PaperFieldsView';
import { PaperHeading } from '../paper/PaperHeading';
import { UploadFeeButton, UploadFeeNotices, useUploadFee } from '../paper/UploadFee';

type Dialog = 'history' | 'mail' | 'resubmit' | null;

/**
 * /{slug}/dashboard/papers/{id}: the paper in review (spec 02 §2), with the reviewing and decisions parts the app
 * layer passes in.
 */
export function PaperPage({ editorActions, finalDecision, reviewerComments, reviewers }: PaperPageParts) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const id = Number(useParams().id);
  const paper = usePaper(slug, Number.isInteger(id) ? id : null);
  const user = useSession(slug).data?.user;
  const roles = user?.roles ?? [];
  const specializations = useSpecializations(slug).data?.specializations ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const fee = useUploadFee(slug, () => void paper.refetch());
  const publishFee = useUploadFee(slug, () => void paper.refetch(), 'publish');
  const openEthicsForm = useOpenEthicsForm();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const pick = usePick();

  if (paper.isError)
    return (
      <Alert color="red" role="alert">
        {paper.error.message}
      </Alert>
    );
  if (!paper.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const data = paper.data;
  const seesAuthors = roles.some((role) => role === 'researcher' || role === 'editor' || role === 'handlingEditor');
  // Per paper, as the server decides it (core paperRelation): an editor never runs the review of their own paper.
  const seesReviewState = data.managedByYou === true;
  const paysFee = Boolean(data.payment?.due) && canPayUploadFee(data, user?.id ?? null);
  const waitsForPayment = reviewWaitsForPayment(data, Boolean(data.payment?.due));
  // The at-publish fee of an accepted paper, paid by its author from here (issue 21 §1).
  const paysPublishFee = Boolean(data.publishPayment?.due) && canPayUploadFee(data, user?.id ?? null);

  return (
    <Stack gap="lg" className="paper-page">
      <PaperHeading paper={data} />

      <Group gap="xs" className="no-print">
        <Button
          variant="light"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={() => setDialog('history')}
        >
          {t('submissions.history')}
        </Button>
        <Button variant="light" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setDialog('mail')}>
          {t('submissions.mail_staff')}
        </Button>
        <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('submissions.print')}
        </Button>
        {canPrintEthicsForm(data.status) && (
          <Button
            component="a"
            href={ethicsFormUrl(slug, data.id, language)}
            target="_blank"
            rel="noopener"
            onClick={openEthicsForm}
            variant="light"
            leftSection={<IconFileCertificate size={16} aria-hidden />}
          >
            {t('submissions.ethics_form')}
          </Button>
        )}
        {data.new_Amendment_Renewal != null &&
          data.new_Amendment_Renewal !== SUBMISSION_KINDS.new &&
          data.original_Proposal_Code && (
            <Button
              component={Link}
              to={`/${slug}/dashboard/original-proposal/${encodeURIComponent(data.original_Proposal_Code)}`}
              variant="light"
              leftSection={<IconFileSearch size={16} aria-hidden />}
            >
              {t('submissions.view_original')}
            </Button>
          )}
        {canResubmit(data, user?.id ?? null) && (
          <Button
            color="indigo"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setDialog('resubmit')}
            data-testid="resubmit"
          >
            {t('submissions.resubmit')}
          </Button>
        )}
        {seesReviewState && editorActions(data)}
        {paysFee && <UploadFeeButton fee={fee} paperId={data.id} amount={data.payment?.amount} />}
        {paysPublishFee && (
          <UploadFeeButton fee={publishFee} paperId={data.id} amount={data.publishPayment?.amount} purpose="publish" />
        )}
      </Group>

      <UploadFeeNotices fee={fee} due={paysFee} reviewWaits={seesReviewState && waitsForPayment} />
      {(paysPublishFee || publishFee.outcome !== null) && (
        <UploadFeeNotices fee={publishFee} due={paysPublishFee} reviewWaits={false} purpose="publish" />
      )}

      {data.finalDecision && (
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="lg" mb="xs">
            {t('submissions.final_decision')}
          </Title>
          {finalDecision({ paperId: data.id, decision: data.finalDecision })}
          {data.revisionDeadline && (
            <Text size="sm" c="gray.7">
              {t('submissions.revision_deadline', { date: formatDay(data.revisionDeadline, language) })}
            </Text>
          )}
        </Paper>
      )}

      {reviewerComments({ id: data.id, decided: hasFinalDecision(data.status) })}

      {seesReviewState &&
        reviewers({
          paper: data,
          specializations: specializations.map((item) => ({ id: item.id, name: pick(item.name) })),
          waitsForPayment,
        })}

      {data.issue && (
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between">
            <Text fw={600}>{t('submissions.in_issue', { volume: data.issue.volume, issue: data.issue.issue })}</Text>
            {data.finalFile && (
              <Button
                component="a"
                href={finalFileUrl(slug, data.id)}
                target="_blank"
                rel="noopener"
                variant="light"
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                data-testid="final-file"
              >
                {t('submissions.final_file')}
              </Button>
            )}
          </Group>
        </Paper>
      )}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <PaperFieldsView
          paper={{ ...data, specialization: specializations.find((item) => item.id === data.specializationId) }}
          files={data.files}
          fileHref={(file) => fileUrl(slug, data.id, file.id)}
          showAuthors={seesAuthors}
        />
      </Paper>

      <HistoryDialog
        slug={slug}
        paperId={data.id}
        opened={dialog === 'history'}
        onClose={() => setDialog(null)}
        finalDecision={finalDecision}
      />
      <MailStaffDialog slug={slug} paperId={data.id} opened={dialog === 'mail'} onClose={() => setDialog(null)} />
      <ResubmitDialog
        slug={slug}
        paperId={data.id}
        kind={data.new_Amendment_Renewal}
        opened={dialog === 'resubmit'}
        onClose={() => setDialog(null)}
        onDone={(next) => {
          // The new version has its own page: the author goes there, and the lists show it.
          void queries.invalidateQueries({ queryKey: ['papers', slug] });
          void navigate(`/${slug}/dashboard/papers/${next.id}`);
        }}
      />
    </Stack>
  );
}
