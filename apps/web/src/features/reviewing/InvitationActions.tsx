import { type ExtensionAllowance, isoDay, REVIEW_STATUS, type RefusalCategory } from '@journals/core/reviewing';
import { extensionBlocked } from '@journals/core/rules/reviewing';
import { Button, Center, Group, Loader, Modal, Alert, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import {
  reviewFileUrl,
  useAcceptInvitation,
  useExtendDeadline,
  useRefuseInvitation,
  useReviewResult,
  useReviewSheet,
} from './api';
import { DeclineForm } from './dialogs/DeclineForm';
import { ExtendDeadlineForm } from './dialogs/ExtendDeadlineForm';
import { ReviewSheetForm } from './dialogs/ReviewSheetForm';
import { messageOf, type Outcome } from './OutcomeDialog';
import { ReviewResultView } from './ReviewResultView';

/** The invitation an action works on: a dashboard row or the paper page's invitation. */
export interface ActionTarget {
  id: number;
  paperId: number;
  status: number;
  deadline: string | null;
  /** The reviewer's own extensions: made, and allowed by the journal. */
  extensions: ExtensionAllowance;
  code: string | null;
  title: string;
}

type Dialog = 'decline' | 'extend' | 'sheet' | 'result' | null;

/**
 * What the reviewer may do with an invitation, by its status (spec 01 §2): invited → accept or decline; in review
 * → start the review or ask for a later deadline; reviewed or declined → the details. How each goes is
 * handed to `onOutcome`; `onAnswered` runs after an accept or a decline (the dashboard goes back to its new invitations).
 */
export function InvitationActions({
  slug,
  target,
  onAnswered,
  onOutcome,
  size = 'xs',
}: {
  slug: string;
  target: ActionTarget;
  onAnswered?: () => void;
  /** Shows how an action went; the caller holds the dialog, since a row may leave the list at once. */
  onOutcome: (kind: Outcome['kind'], message: string) => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const reasonId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const accept = useAcceptInvitation(slug);
  const refuse = useRefuseInvitation(slug);
  const extend = useExtendDeadline(slug);
  const close = () => setDialog(null);
  const named = (label: string) => `${label}: ${target.code ?? target.title}`;
  // No extension left (or none within the bound): the action stays in its place, says why, and opens nothing.
  const noExtension = extensionBlocked(target.deadline, target.extensions, isoDay(new Date()));

  const answered = (promise: Promise<{ message: string }>, after?: () => void) =>
    promise.then(
      (done) => {
        close();
        onOutcome('success', done.message);
        after?.();
      },
      (error: unknown) => {
        close();
        onOutcome('error', messageOf(error));
      },
    );

  return (
    <>
      <Group gap={6} wrap="nowrap">
        {target.status === REVIEW_STATUS.invited && (
          <>
            <Button
              size={size}
              color="green"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={accept.isPending}
              onClick={() => void answered(accept.mutateAsync({ invitationId: target.id }), onAnswered)}
              aria-label={named(t('reviewing.action_accept'))}
              data-testid="action-accept"
            >
              {t('reviewing.action_accept')}
            </Button>
            <Button
              size={size}
              color="red"
              variant="light"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setDialog('decline')}
              aria-label={named(t('reviewing.action_decline'))}
              data-testid="action-decline"
            >
              {t('reviewing.action_decline')}
            </Button>
          </>
        )}
        {target.status === REVIEW_STATUS.accepted && (
          <>
            <Button
              size={size}
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setDialog('sheet')}
              aria-label={named(t('reviewing.action_start'))}
              data-testid="action-start"
            >
              {t('reviewing.action_start')}
            </Button>
            <Tooltip label={dynamicT(noExtension ?? undefined)} disabled={!noExtension} multiline w={280} withArrow>
              <Button
                size={size}
                variant="light"
                leftSection={<IconCalendarPlus size={14} aria-hidden />}
                onClick={() => !noExtension && setDialog('extend')}
                data-disabled={noExtension ? true : undefined}
                aria-disabled={noExtension ? true : undefined}
                aria-describedby={noExtension ? reasonId : undefined}
                aria-label={named(t('reviewing.action_extend'))}
                data-testid="action-extend"
              >
                {t('reviewing.action_extend')}
              </Button>
            </Tooltip>
            {noExtension && <VisuallyHidden id={reasonId}>{dynamicT(noExtension)}</VisuallyHidden>}
          </>
        )}
        {(target.status === REVIEW_STATUS.reviewed || target.status === REVIEW_STATUS.refused) && (
          <Button
            size={size}
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => setDialog('result')}
            aria-label={named(t('reviewing.action_details'))}
            data-testid="action-details"
          >
            {t('reviewing.action_details')}
          </Button>
        )}
      </Group>

      <Modal opened={dialog === 'decline'} onClose={close} title={t('reviewing.decline_title')} size="lg">
        {dialog === 'decline' && (
          <DeclineForm
            texts={{
              category: t('reviewing.refusal_category_label'),
              categoryOf: (code: RefusalCategory) => t(`reviewing.refusal_${code}`),
              reason: t('reviewing.refusal_reason_label'),
              suggestion: t('reviewing.suggestion_label'),
              suggestionHint: t('reviewing.suggestion_hint'),
              send: t('reviewing.send'),
              cancel: t('reviewing.cancel'),
            }}
            sending={refuse.isPending}
            onSend={(body) => void answered(refuse.mutateAsync({ invitationId: target.id, body }), onAnswered)}
            onCancel={close}
          />
        )}
      </Modal>

      <Modal opened={dialog === 'extend'} onClose={close} title={t('reviewing.extend_title')}>
        {dialog === 'extend' && (
          <ExtendDeadlineForm
            deadline={target.deadline}
            extensions={target.extensions}
            sending={extend.isPending}
            onSend={(deadline) =>
              extend.mutateAsync({ invitationId: target.id, body: { deadline } }).then((done) => {
                close();
                onOutcome('success', done.message);
              })
            }
            onFailed={(error) => {
              close();
              onOutcome('error', messageOf(error));
            }}
            onCancel={close}
          />
        )}
      </Modal>

      <Modal
        opened={dialog === 'sheet'}
        onClose={close}
        fullScreen
        title={<DialogTitle title={t('reviewing.sheet_title')} target={target} />}
      >
        {dialog === 'sheet' && (
          <SheetLoader
            slug={slug}
            invitationId={target.id}
            onSubmitted={(message) => {
              close();
              onOutcome('success', message);
            }}
            onFailed={(message) => {
              close();
              onOutcome('error', message);
            }}
          />
        )}
      </Modal>

      <Modal
        opened={dialog === 'result'}
        onClose={close}
        fullScreen
        title={<DialogTitle title={t('reviewing.result_title')} target={target} />}
      >
        {dialog === 'result' && <ResultLoader slug={slug} target={target} />}
      </Modal>
    </>
  );
}

function DialogTitle({ title, target }: { title: string; target: ActionTarget }) {
  const { t } = useTranslation();
  return (
    <span>
      <Text component="span" fw={700} fz="lg">
        {title}
      </Text>
      <Text component="span" display="block" size="sm" c="gray.7" dir="auto">
        {t('reviewing.sheet_paper', { code: target.code ?? '—', title: target.title })}
      </Text>
    </span>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

function SheetLoader({
  slug,
  invitationId,
  onSubmitted,
  onFailed,
}: {
  slug: string;
  invitationId: number;
  onSubmitted: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const sheet = useReviewSheet(slug, invitationId, true);
  if (sheet.isError)
    return (
      <Alert color="red" role="alert">
        {sheet.error.message}
      </Alert>
    );
  if (!sheet.data) return <Loading />;
  return (
    <ReviewSheetForm
      slug={slug}
      invitationId={invitationId}
      sheet={sheet.data}
      onSubmitted={onSubmitted}
      onFailed={onFailed}
    />
  );
}

function ResultLoader({ slug, target }: { slug: string; target: ActionTarget }) {
  const result = useReviewResult(slug, target.id, true);
  if (result.isError)
    return (
      <Alert color="red" role="alert">
        {result.error.message}
      </Alert>
    );
  if (!result.data) return <Loading />;
  return (
    <div style={{ maxWidth: 920, marginInline: 'auto' }}>
      <ReviewResultView
        result={result.data}
        fileUrl={(fileId) => reviewFileUrl(slug, target.paperId, target.id, fileId)}
      />
    </div>
  );
}
