import { TIMINGS } from '@journals/core/limits';
import { Anchor, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { orcidConnectUrl, useDisconnectOrcid } from '../api';
import { OrcidIcon } from './OrcidButton';

/**
 * The ORCID iD of the profile: never typed, only linked through ORCID (docs/decisions/0012-orcid-linking.md). Shows
 * the linked iD with Disconnect, or Connect ORCID (a full navigation: ORCID proves the iD, then brings the user back).
 */
export function OrcidConnection({ orcid }: { orcid: string | null }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const disconnect = useDisconnectOrcid(slug);
  const [, setParams] = useSearchParams();

  const unlink = () =>
    disconnect.mutate(undefined, {
      onSuccess: (answer) => {
        // The outcome of an earlier connect no longer holds.
        setParams({}, { replace: true });
        notifications.show({ color: 'green', message: answer.message, autoClose: TIMINGS.toastMs });
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message, autoClose: TIMINGS.toastMs }),
    });

  return (
    <Fieldset legend={t('accounts.orcid')} radius="md" data-testid="profile-orcid">
      {orcid ? (
        <Group justify="space-between" gap="sm">
          <Anchor
            href={`https://orcid.org/${orcid}`}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            display="inline-flex"
            style={{ alignItems: 'center', gap: 8 }}
          >
            <OrcidIcon />
            {`https://orcid.org/${orcid}`}
          </Anchor>
          <Button type="button" variant="default" color="red" onClick={unlink} loading={disconnect.isPending}>
            {t('accounts.orcid_disconnect')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('accounts.orcid_none')}</Text>
          <Button component="a" href={orcidConnectUrl(slug)} variant="default" leftSection={<OrcidIcon />}>
            {t('accounts.orcid_connect')}
          </Button>
        </Stack>
      )}
    </Fieldset>
  );
}
