import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Button } from '@mantine/core';
import { useJournal } from '../../../lib/journal';
import { orcidSignInUrl } from '../api';
import { useTranslation } from '../../../lib/i18n';

/** A full navigation to the server, which sends the browser on to ORCID (spec 03 §7). */
export function OrcidButton({ intent }: { intent: 'login' | 'register' }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  return (
    <Button component="a" href={orcidSignInUrl(slug, intent)} variant="default" fullWidth leftSection={<OrcidIcon />}>
      {intent === 'login' ? t('accounts.orcid_login') : t('accounts.orcid_register')}
    </Button>
  );
}

export function OrcidIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 256 256" aria-hidden focusable="false">
      <circle cx="128" cy="128" r="128" fill="#A6CE39" />
      <path
        fill="#fff"
        d="M86.3 186.2H70.9V79.1h15.4v107.1zM108.9 79.1h41.6c39.6 0 57 28.3 57 53.6 0 27.5-21.5 53.6-56.8 53.6h-41.8V79.1zm15.4 93.3h24.5c34.9 0 42.9-26.5 42.9-39.7 0-21.5-13.7-39.7-43.7-39.7h-23.7v79.4zM88.7 56.8c0 5.5-4.5 10.1-10.1 10.1s-10.1-4.6-10.1-10.1c0-5.6 4.5-10.1 10.1-10.1s10.1 4.6 10.1 10.1z"
      />
    </svg>
  );
}
