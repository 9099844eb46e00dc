import { z } from 'zod';
import { JOURNAL_ROLES } from '../enums';

/**
 * A journal's invitations to join it (issue 44 §3, decision 0071): the journal manager adds an address, its owner is
 * mailed a link, and the roles are given only when they accept. The manager's list shows the invitations not yet
 * answered (or declined), never whether the address already had an account.
 */

export const INVITATION_STATUSES = ['waiting', 'expired', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A row of the manager's pending invitations: the address and name as the manager typed them, and the roles. */
export const pendingInvitation = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string().describe('The name the manager typed, not the account’s.'),
  roles: z.array(z.enum(JOURNAL_ROLES)),
  editorType: z.number().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const pendingInvitationsResponse = z.object({ items: z.array(pendingInvitation) });
export type PendingInvitationsResponse = z.infer<typeof pendingInvitationsResponse>;

/** The link's code, as the invitation page sends it (in a body, never in a logged URL). */
export const invitationCodeRequest = z.object({
  code: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(200, {
    error: 'validation.invalid',
  }),
});
export type InvitationCodeRequest = z.infer<typeof invitationCodeRequest>;

/** What the invited person reads before answering: the journal, the roles offered, until when. */
export const invitationView = z.object({
  journal: z.object({ slug: z.string(), titleEn: z.string(), titleAr: z.string() }),
  roles: z.array(z.enum(JOURNAL_ROLES)),
  editorType: z.number().nullable(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;
