import { ORCID_MESSAGES, type OrcidMessage } from '@journals/core/enums';

/** The catalogue key of an ORCID outcome from the query string; anything unknown reads as a failed sign-in. */
export function orcidMessageKey(message: string | null): `orcid.${OrcidMessage | 'failed'}` {
  return ORCID_MESSAGES.includes(message as OrcidMessage) ? `orcid.${message as OrcidMessage}` : 'orcid.failed';
}
