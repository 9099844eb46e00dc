import type { Deps } from '../../lib/deps';
import { sign, verifySigned } from '../../lib/tokens';
import type { Journal } from '../../domain/journal-context';
import type { Invitation } from './review-state';

/**
 * The signed link of an invitation mail (DESIGN §4, §6): it names the invitation, its reviewer and paper; valid
 * while the invitation waits for an answer (the services check that), for at most 90 days.
 */
const LINK_DAYS = 90;
interface LinkPayload {
  i: number;
  r: number;
  p: number;
}
export function invitationSignature(secret: string, invitation: Pick<Invitation, 'id' | 'reviewerId' | 'paperId'>) {
  return sign(
    secret,
    'invitation',
    { i: invitation.id, r: invitation.reviewerId, p: invitation.paperId } satisfies LinkPayload,
    LINK_DAYS * 86_400,
  );
}

/** The invitation id a link names, or null when the link is forged, damaged, expired or names someone else. */
export function invitationOfLink(secret: string, link: { rId: number; pId: number; sig: string }): number | null {
  const payload = verifySigned<LinkPayload>(secret, 'invitation', link.sig);
  if (!payload || payload.r !== link.rId || payload.p !== link.pId) return null;
  return payload.i;
}

export function invitationLinks(
  config: Deps['config'],
  journal: Pick<Journal, 'slug'>,
  invitation: Pick<Invitation, 'id' | 'reviewerId' | 'paperId'>,
) {
  const query = new URLSearchParams({
    rId: String(invitation.reviewerId),
    pId: String(invitation.paperId),
    sig: invitationSignature(config.SECRET, invitation),
  });
  const base = `${config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}`;
  return { accept: `${base}/review-invitation?${query}`, refuse: `${base}/reject?${query}` };
}
