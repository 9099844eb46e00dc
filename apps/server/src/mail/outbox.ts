import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  journalId: number | null;
  to: string;
  replyTo?: string | null;
  kind: string;
  subject: string;
  text: string;
}

/**
 * Writes mails into the outbox inside the caller's transaction (DESIGN §7), in one statement however many;
 * delivery happens after commit. Returns their ids in the order given.
 */
export async function queueMail(tx: Tx, ...mails: OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        journalId: mail.journalId,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        kind: mail.kind,
        subject: mail.subject,
        text: mail.text,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** Renders one of the platform's own mails (mail.<kind>Subject / mail.<kind>Body) in a language. */
export function renderMail(
  language: Language,
  kind: 'activation' | 'reset' | 'invitation',
  params: Record<string, string | number>,
): { subject: string; text: string } {
  return {
    subject: translate(language, `mail.${kind}Subject`, params),
    text: translate(language, `mail.${kind}Body`, params),
  };
}
