import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Alert, Divider, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { OrcidButton } from './OrcidButton';
import { useTranslation } from '../../../lib/i18n';

/**
 * The login dialog (spec 01 §2): log in, or ask for a password reset link, or sign in with ORCID. Width 600 px.
 * `reason` says why it opened by itself, when a page the guest asked for needs a login first.
 */
export function LoginDialog({
  opened,
  onClose,
  reason = null,
  stay = false,
}: {
  opened: boolean;
  onClose: () => void;
  reason?: string | null;
  /** Keep the reader on the page once logged in. */
  stay?: boolean;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  useEffect(() => {
    if (opened) setMode('login');
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={600}
      centered
      title={mode === 'login' ? t('accounts.login_title') : t('accounts.forgot_title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {mode === 'login' ? (
        <>
          {reason && (
            <Alert color="blue" mb="md" role="status">
              {reason}
            </Alert>
          )}
          <LoginForm onDone={onClose} onForgot={() => setMode('forgot')} stay={stay} />
          <Divider my="lg" label={t('accounts.or')} labelPosition="center" />
          <OrcidButton intent="login" />
        </>
      ) : (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      )}
    </Modal>
  );
}
