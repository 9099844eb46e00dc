import { canPayUploadFee, canResubmit } from '@journals/core/rules/papers';
import { reviewWaitsForPayment } from '@journals/core/rules/payments';
import { canPrintEthicsForm, hasFinalDecision } from '@journals/core/rules/workflow';
import { STATUS_COLORS, SUBMISSION_KINDS } from '@journals/core/papers';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCash,
  IconCircleCheck,
  IconFileCertificate,
  IconHistory,
  IconMail,
  IconPrinter,
  IconRefresh,
  IconFileSearch,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PaymentWaitStatus } from '../../../components/PaymentWaitStatus';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePick } from '../../../lib/journal';
import { usePaymentWindow } from '../../../lib/payment-window';
import { useSession } from '../../../lib/session';
import { ethicsFormUrl, fileUrl, finalFileUrl, usePaper, useSpecializations, useStartPayment } from '../api';
import { formatDay } from '@journals/core/format';
import { HistoryDialog, MailStaffDialog, ResubmitDialog } from '../paper/PaperDialogs';
import { PaperFieldsView } from '../paper/PaperFieldsView';
import type { PaperPageParts } from '../paper/page-parts';

type Dialog = 'history' | 'mail' | 'resubmit' | null;

/**
 * /{slug}/dashboard/papers/{id}: the paper in review (spec 02 §2), with the reviewing and decisions parts the app
 * layer passes in.
 */
export function PaperPage({ editorActions, finalDecision, reviewerComments, reviewers }: PaperPageParts) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const id = Number(useParams().id);
  const paper = usePaper(slug, Number.isInteger(id) ? id : null);
  const user = useSession(slug).data?.user;
  const roles = user?.roles ?? [];
  const specializations = useSpecializations(slug).data?.specializations ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const payment = useStartPayment(slug);
  const paymentWindow = usePaymentWindow(slug);
  const [paymentOutcome, setPaymentOutcome] = useState<'paid' | 'cancelled' | null>(null);
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

  /**
   * The ethics form is made on request: the tab opens at once (no popup blocker), shows the form once the server
   * has made it, and closes with "Error downloading PDF" on the page when it could not (spec 02 §8).
   */
  const openEthicsForm = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const url = event.currentTarget.href;
    const tab = window.open('', '_blank');
    void fetch(url, { method: 'HEAD', credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      })
      .catch(() => {
        tab?.close();
        notifications.show({ color: 'red', message: t('submissions.ethics_form_failed'), autoClose: 5000 });
      });
  };

  // Paid or cancelled, as our server says, or no answer in time: the paper is read again (paid: the button goes),
  // and the payer is told which it was.
  const pay = () => {
    setPaymentOutcome(null);
    void paymentWindow.open(
      () => payment.mutateAsync(data.id),
      (state) => {
        if (state === 'paid') setPaymentOutcome('paid');
        if (state === 'failed') setPaymentOutcome('cancelled');
        void paper.refetch();
      },
    );
  };
  // While the window is open, pressing again brings back the same payment (the server answers the pending one).
  const payLabel =
    paymentWindow.wait === 'waiting'
      ? t('submissions.pay_reopen')
      : data.payment?.amount
        ? t('submissions.pay_amount', { amount: data.payment.amount })
        : t('submissions.pay');

  return (
    <Stack gap="lg" className="paper-page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {data.title_of_the_work}
          </Title>
          <Group gap="sm">
            {data.code && (
              <Text fw={600} dir="ltr" data-testid="paper-code">
                {data.code}
              </Text>
            )}
            {/* A dot of the status colour beside dark text: orange text on its light tint fails WCAG AA. */}
            <Badge color={STATUS_COLORS[data.status] ?? 'gray'} variant="dot" size="lg" data-testid="paper-status">
              {dynamicT(`papers.status_${data.status}`)}
            </Badge>
            {data.version != null && data.version > 0 && (
              <Text size="sm" c="gray.7">
                {t('submissions.version', { version: data.version })}
              </Text>
            )}
            <Text size="sm" c="gray.7">
              {t('submissions.submitted_on', { date: formatDay(data.submittedAt ?? data.createdAt, language) })}
            </Text>
          </Group>
        </Stack>
      </Group>

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
        {paysFee && (
          <Button
            color="green"
            leftSection={<IconCash size={16} aria-hidden />}
            onClick={pay}
            loading={payment.isPending}
            data-testid="pay"
          >
            {payLabel}
          </Button>
        )}
      </Group>

      {paysFee && (
        <PaymentWaitStatus
          wait={paymentWindow.wait}
          waiting={t('submissions.payment_waiting')}
          timedOut={t('submissions.payment_not_heard')}
        />
      )}

      {paymentOutcome === 'paid' && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          className="no-print"
          data-testid="payment-paid"
        >
          {t('submissions.payment_paid')}
        </Alert>
      )}
      {paymentOutcome === 'cancelled' && (
        <Alert color="orange" role="alert" className="no-print" data-testid="payment-cancelled">
          {t('submissions.payment_cancelled')}
        </Alert>
      )}
      {paysFee && (
        <Alert color="yellow" className="no-print">
          {t('submissions.payment_due')}
        </Alert>
      )}
      {seesReviewState && waitsForPayment && (
        <Alert color="yellow" className="no-print" data-testid="review-waits-for-payment">
          {t('submissions.review_waits_for_payment')}
        </Alert>
      )}
      {payment.isError && (
        <Alert color="red" role="alert" className="no-print">
          {payment.error.message}
        </Alert>
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
