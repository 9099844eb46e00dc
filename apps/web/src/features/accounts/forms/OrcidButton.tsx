import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Button } from '@mantine/core';
import { OrcidIcon } from '../../../components/OrcidIcon';
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
