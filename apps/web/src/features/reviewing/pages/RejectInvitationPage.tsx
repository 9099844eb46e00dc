import './public-styles';
import { formatDay } from '@journals/core/format';
import { Alert, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { type LinkedInvitation, useRefuseByLink } from '../api';
import { DeclineForm } from '../dialogs/DeclineForm';
import { messageOf, OutcomeDialog, useOutcome } from '../OutcomeDialog';
import { InvitationLinkFrame, InvitedPaper, useInvitationLink } from './InvitationLinkPage';

/**
 * /{slug}/reject?rId=&pId=&sig= (spec 01 "Reviewer rejection-reason page"): why, a required reason, an optional
 * suggested reviewer. Saved: the saved-successfully dialog for 2.5 s, then the journal's home; any failure (answered
 * before) shows the server's message, then home (spec 01 §8).
 */
export function RejectInvitationPage() {
  const { t } = useTranslation();
  return (
    <InvitationLinkFrame title={t('invitation.reject_title')}>
      {(invitation) => <RejectInvitation invitation={invitation} />}
    </InvitationLinkFrame>
  );
}

function RejectInvitation({ invitation }: { invitation: LinkedInvitation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const refuse = useRefuseByLink(slug, useInvitationLink());
  const { outcome, show } = useOutcome();
  const deadline = invitation.deadline ? formatDay(invitation.deadline, language) : t('invitation.no_deadline');

  return (
    <Stack gap="md">
      <InvitedPaper invitation={invitation} deadline={deadline} />
      {invitation.open || refuse.isPending || outcome ? (
        <>
          <Text>{t('invitation.reject_intro')}</Text>
          <DeclineForm
            texts={{
              category: t('invitation.category'),
              categoryOf: (code) => t(`invitation.category_${code}`),
              reason: t('invitation.reason'),
              suggestion: t('invitation.suggestion'),
              suggestionHint: t('invitation.suggestion_hint'),
              send: t('invitation.send'),
            }}
            sending={refuse.isPending}
            onSend={(body) =>
              refuse.mutate(body, {
                onSuccess: (done) => show('success', done.message),
                onError: (error) => show('error', messageOf(error)),
              })
            }
          />
        </>
      ) : (
        <Alert color="yellow" role="status" data-testid="invitation-closed">
          {t('invitation.not_open')}
        </Alert>
      )}
      <OutcomeDialog
        outcome={outcome}
        onClosed={() => void navigate(`/${slug}/`)}
        titles={{ success: t('invitation.saved_title'), error: t('invitation.failed_title') }}
      />
    </Stack>
  );
}
