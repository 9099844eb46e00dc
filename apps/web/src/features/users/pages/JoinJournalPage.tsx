import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { formatDay } from '@journals/core/format';
import type { InvitationView } from '@journals/core/schemas/invitations';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLogin, IconX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/AccountFields';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePick } from '../../../lib/journal';
import { useLoginDialog } from '../../../lib/login-dialog';
import { useSession } from '../../../lib/session';
import { useAnswerInvitation, useInvitation } from '../invitations-api';

/**
 * /{slug}/join?code= (issue 44 §3, decision 0071): the invitation an existing account was mailed. Signed in as that
 * account, the person reads which journal and which roles, and accepts (the roles are given) or declines; signed
 * out, they sign in first, here.
 */
export function JoinJournalPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const session = useSession(slug);
  const signedIn = Boolean(session.data?.user);
  const loginDialog = useLoginDialog();
  const invitation = useInvitation(slug, code, signedIn);
  const answer = useAnswerInvitation(slug);

  let body;
  if (!code) body = <ErrorAlert message={t('users.join_no_code')} />;
  else if (session.isPending) body = <Loader size="sm" />;
  else if (!signedIn) {
    body = (
      <>
        <Text>{t('users.join_sign_in')}</Text>
        <div>
          <Button leftSection={<IconLogin size={18} aria-hidden />} onClick={loginDialog.open} data-testid="join-login">
            {t('accounts.login')}
          </Button>
        </div>
      </>
    );
  } else if (answer.isSuccess) {
    body = (
      <Alert color="green" role="status" data-testid="join-answered">
        {answer.data.message}
      </Alert>
    );
  } else if (invitation.isError) body = <ErrorAlert message={invitation.error.message} />;
  else if (!invitation.data) body = <Loader size="sm" />;
  else {
    body = (
      <Offer
        view={invitation.data}
        busy={answer.isPending}
        error={answer.isError ? answer.error.message : null}
        onAnswer={(choice) => answer.mutate({ code, answer: choice })}
      />
    );
  }
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" data-testid="join-page">
      <Stack gap="lg">{body}</Stack>
    </Card>
  );
}

function Offer({
  view,
  busy,
  error,
  onAnswer,
}: {
  view: InvitationView;
  busy: boolean;
  error: string | null;
  onAnswer: (choice: 'accept' | 'decline') => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pick = usePick();
  const journal = pick({ en: view.journal.titleEn, ar: view.journal.titleAr });
  return (
    <>
      <Title order={1} fz={26}>
        {t('users.join_title', { journal })}
      </Title>
      <Text>{t('users.join_intro', { journal })}</Text>
      <Group gap="xs" data-testid="join-roles">
        {view.roles.map((role) => (
          <Badge key={role} size="lg" variant="light" radius="sm" tt="none">
            {role === 'editor' && view.editorType !== null
              ? `${t('users.role_editor')} (${t(`users.editor_type_${view.editorType}` as 'users.editor_type_0')})`
              : t(`users.role_${role}`)}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        {t('users.join_account')} {t('users.join_until', { date: formatDay(view.expiresAt, language) })}
      </Text>
      <ErrorAlert message={error} />
      <Group>
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          loading={busy}
          onClick={() => onAnswer('accept')}
          data-testid="join-accept"
        >
          {t('users.join_accept')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconX size={18} aria-hidden />}
          disabled={busy}
          onClick={() => onAnswer('decline')}
          data-testid="join-decline"
        >
          {t('users.join_decline')}
        </Button>
      </Group>
    </>
  );
}
