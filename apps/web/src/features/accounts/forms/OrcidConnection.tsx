import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Alert, Anchor, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { orcidConnectUrl, useDisconnectOrcid } from '../api';
import { orcidConnectOutcome } from '../orcid';
import { OrcidIcon } from '../../../components/OrcidIcon';
import { useTranslation } from '../../../lib/i18n';
import { notifyDone, notifyFailed } from '../../../lib/notify';

/**
 * The outcome of the connect flow that brought the user back here (`?orcid=`), read once and taken out of the URL,
 * so that a reload or a bookmark does not show it again.
 */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState(() => orcidConnectOutcome(params.get('orcid')));
  useEffect(() => {
    if (!params.has('orcid')) return;
    const rest = new URLSearchParams(params);
    rest.delete('orcid');
    setParams(rest, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
  return [outcome, () => setOutcome(null)] as const;
}

/** A plain click leaves this page; one that opens a new tab or window keeps it, and its edits, open. */
const leavesThisPage = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The ORCID iD of the profile: never typed, only linked through ORCID (docs/decisions/0012-orcid-linking.md). Shows
 * the linked iD with Disconnect, or Connect ORCID (a full navigation: ORCID proves the iD, then brings the user back).
 * It stands outside the profile form: both actions ask first, and neither touches the form's unsaved edits.
 */
export function OrcidConnection({ orcid, unsavedChanges }: { orcid: string | null; unsavedChanges: boolean }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const disconnect = useDisconnectOrcid(slug);
  const [outcome, dismissOutcome] = useConnectOutcome();
  // "Connected" is said only when the profile shows the iD (a hand-typed `?orcid=connected` says nothing).
  const shown = outcome && (!outcome.ok || orcid) ? outcome : null;
  const section = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (shown) section.current?.scrollIntoView({ block: 'center' });
  }, [shown]);

  const unlink = () =>
    disconnect.mutate(undefined, {
      onSuccess: (answer) => {
        dismissOutcome();
        notifyDone(answer);
      },
      onError: notifyFailed,
    });

  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t('accounts.orcid_disconnect_title'),
      centered: true,
      children: <Text size="sm">{t('accounts.orcid_disconnect_text')}</Text>,
      labels: { confirm: t('accounts.orcid_disconnect'), cancel: t('accounts.orcid_disconnect_keep') },
      confirmProps: { color: 'red' },
      onConfirm: unlink,
    });

  const connectUrl = orcidConnectUrl(slug);
  const connect = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!unsavedChanges || !leavesThisPage(event)) return;
    event.preventDefault();
    modals.openConfirmModal({
      title: t('accounts.orcid_unsaved_title'),
      centered: true,
      children: <Text size="sm">{t('accounts.orcid_unsaved_text')}</Text>,
      labels: { confirm: t('accounts.orcid_unsaved_leave'), cancel: t('accounts.orcid_unsaved_stay') },
      onConfirm: () => window.location.assign(connectUrl),
    });
  };

  return (
    <Fieldset ref={section} legend={t('accounts.orcid')} radius="md" data-testid="profile-orcid">
      <Stack gap="sm">
        {shown && (
          <Alert color={shown.ok ? 'green' : 'red'} role={shown.ok ? 'status' : 'alert'}>
            {t(shown.messageKey)}
          </Alert>
        )}
        {orcid ? (
          <Group justify="space-between" gap="sm">
            <Anchor
              href={`https://orcid.org/${orcid}`}
              target="_blank"
              rel="noopener noreferrer"
              dir="ltr"
              display="inline-flex"
              style={{ alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }}
            >
              <OrcidIcon />
              {`https://orcid.org/${orcid}`}
            </Anchor>
            <Button variant="default" color="red" onClick={confirmDisconnect} loading={disconnect.isPending}>
              {t('accounts.orcid_disconnect')}
            </Button>
          </Group>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('accounts.orcid_none')}</Text>
            <Button component="a" href={connectUrl} onClick={connect} variant="default" leftSection={<OrcidIcon />}>
              {t('accounts.orcid_connect')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
