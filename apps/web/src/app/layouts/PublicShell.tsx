import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { LoginDialog } from '../../features/accounts/forms/LoginDialog';
import { LoginDialogContext } from '../../lib/login-dialog';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PublicNav } from './PublicNav';

/** The public site of a journal: header, menu, page, footer, and the login dialog any page can open. */
export function PublicShell() {
  const { t } = useTranslation();
  // `?login` opens the dialog at once: where the server sends a guest who needs to log in first.
  const [params] = useSearchParams();
  const [loginOpen, login] = useDisclosure(params.has('login'));
  // The server asks for a login this way only when a guest follows the profile's Connect ORCID link (decision 0012).
  const [forOrcid, setForOrcid] = useState(params.get('login') === 'required');
  const control = useMemo(() => ({ open: login.open }), [login.open]);

  return (
    <LoginDialogContext.Provider value={control}>
      <div className="app-frame">
        <a className="skip-link" href="#main">
          {t('common.skip_to_content')}
        </a>
        <PublicHeader />
        <PublicNav />
        <main id="main" tabIndex={-1}>
          <Container size="xl" py="xl">
            <Outlet />
          </Container>
        </main>
        <PublicFooter />
      </div>
      <LoginDialog
        opened={loginOpen}
        onClose={() => {
          login.close();
          setForOrcid(false);
        }}
        reason={forOrcid ? t('accounts.orcid_login_to_connect') : null}
      />
    </LoginDialogContext.Provider>
  );
}
