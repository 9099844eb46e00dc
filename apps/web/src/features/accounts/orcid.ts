import { ORCID_MESSAGES, type OrcidMessage } from '@journals/core/enums';

const CONNECT_OUTCOMES = {
  connected: 'orcid.connected',
  taken: 'orcid.taken',
  failed: 'orcid.connectFailed',
} as const;

/** The outcome of connecting ORCID from the profile (`?orcid=`), or null when the page was not opened by one. */
export function orcidConnectOutcome(outcome: string | null) {
  if (!outcome || !Object.hasOwn(CONNECT_OUTCOMES, outcome)) return null;
  return { messageKey: CONNECT_OUTCOMES[outcome as keyof typeof CONNECT_OUTCOMES], ok: outcome === 'connected' };
}

/** The catalogue key of an ORCID outcome from the query string; anything unknown reads as a failed sign-in. */
export function orcidMessageKey(message: string | null): `orcid.${OrcidMessage | 'failed'}` {
  return ORCID_MESSAGES.includes(message as OrcidMessage) ? `orcid.${message as OrcidMessage}` : 'orcid.failed';
}
