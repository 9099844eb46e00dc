import './public-styles';
import { formatDay } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { noClipboard, required } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useLoginDialog } from '../../../lib/login-dialog';
import { type LinkedInvitation, useAcceptByLink } from '../api';
import { InvitationLinkFrame, InvitedPaper, useInvitationLink } from './InvitationLinkPage';

/**
 * /{slug}/review-invitation?rId=&pId=&sig= (the invitation mail's accept link): the paper and its deadline, and an
 * Accept button; someone invited without an account chooses a password here. Then a way to log in.
 */
export function ReviewInvitationPage() {
  const { t } = useTranslation();
  return (
    <InvitationLinkFrame title={t('invitation.accept_title')}>
      {(invitation) => <AcceptInvitation invitation={invitation} />}
    </InvitationLinkFrame>
  );
}

function AcceptInvitation({ invitation }: { invitation: LinkedInvitation }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const link = useInvitationLink();
  const loginDialog = useLoginDialog();
  const accept = useAcceptByLink(slug, link);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const deadline = invitation.deadline ? formatDay(invitation.deadline, language) : t('invitation.no_deadline');

  if (accept.isSuccess)
    return (
      <Stack gap="md">
        <InvitedPaper invitation={invitation} deadline={deadline} />
        <Alert color="green" role="status" data-testid="invitation-accepted">
          <Stack gap="xs">
            <Text inherit>{accept.data.message}</Text>
            <Text inherit>{t('invitation.accepted_next')}</Text>
          </Stack>
        </Alert>
        <div>
          <Button
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={loginDialog.open}
            data-testid="invitation-login"
          >
            {t('invitation.login')}
          </Button>
        </div>
      </Stack>
    );

  if (!invitation.open)
    return (
      <Stack gap="md">
        <InvitedPaper invitation={invitation} deadline={deadline} />
        <Alert color="yellow" role="status" data-testid="invitation-closed">
          {t('invitation.not_open')}
        </Alert>
      </Stack>
    );

  const submit = async () => {
    const found: { password?: string; confirmation?: string } = {};
    if (invitation.needsPassword) {
      const { newPassword } = await import('@journals/core/schemas/fields');
      const checked = newPassword.safeParse(password);
      if (!checked.success) found.password = checked.error.issues[0]?.message;
      if (!confirmation) found.confirmation = 'validation.password_confirmation_required';
      else if (confirmation !== password) found.confirmation = 'validation.password_confirmation_match';
    }
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    accept.mutate(invitation.needsPassword ? password : undefined, {
      onError: (error) => {
        const key = isApiError(error) ? error.fieldErrors.Password?.[0] : undefined;
        if (key) {
          setErrors({ password: key });
          passwordRef.current?.focus();
        }
      },
    });
  };

  const passwordProps = {
    ...noClipboard,
    ...required,
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  };
  const serverMessage = accept.isError && !(isApiError(accept.error) && accept.error.fieldErrors.Password);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text>{t('invitation.accept_intro', { name: invitation.reviewerName })}</Text>
        <InvitedPaper invitation={invitation} deadline={deadline} />
        {serverMessage && (
          <Alert color="red" role="alert">
            {accept.error?.message}
          </Alert>
        )}
        {invitation.needsPassword && (
          <>
            <Text c="gray.7">{t('invitation.password_intro')}</Text>
            <PasswordInput
              ref={passwordRef}
              label={t('invitation.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password ? dynamicT(errors.password) : undefined}
              {...passwordProps}
            />
            <PasswordInput
              ref={confirmationRef}
              label={t('invitation.password_confirmation')}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              error={errors.confirmation ? dynamicT(errors.confirmation) : undefined}
              {...passwordProps}
            />
          </>
        )}
        <Group justify="space-between">
          <Button type="submit" loading={accept.isPending} data-testid="invitation-accept">
            {t('invitation.accept')}
          </Button>
          <Anchor component={Link} to={`/${slug}/reject?${new URLSearchParams({ ...link }).toString()}`}>
            {t('invitation.decline_instead')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
