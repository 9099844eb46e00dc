import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { type BulkMailRequest, splitRecipients } from '@journals/core/schemas/bulk-mail';
import { and, eq, inArray } from 'drizzle-orm';
import { bulkMailOptOuts } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { sign, verifySigned } from '../../lib/tokens';
import { type OutgoingMail, queueMail } from '../../mail/outbox';
import { escapeHtml, renderParts } from '../../mail/render';
import { claimBulkMailBudget } from './bulk-mail-budget';

/**
 * "Send an e-mail message" (spec 03 §3; issue 22 §3): one outbox row per person, never a shared Bcc; each carries a
 * one-click unsubscribe from this journal's bulk mail (RFC 8058 `List-Unsubscribe` with `List-Unsubscribe-Post`) and
 * a footer link to the same, in the language the message is written in (its direction too). People who unsubscribed are left out and counted. Workflow mail never carries the link.
 */

/** How long an unsubscribe link works: years, as a mail may be read long after it was sent. */
const UNSUBSCRIBE_TTL_SECONDS = 5 * 365 * 86_400;
interface UnsubscribeClaim {
  purpose: 'unsubscribe';
  journalId: number;
  email: string;
}

export const unsubscribeToken = (deps: Pick<Deps, 'config'>, journalId: number, email: string) =>
  sign(deps.config.SECRET, 'unsubscribe', { journalId, email }, UNSUBSCRIBE_TTL_SECONDS);

function claimOf(deps: Pick<Deps, 'config'>, journal: Journal, token: string) {
  const claim = verifySigned<UnsubscribeClaim>(deps.config.SECRET, 'unsubscribe', token);
  if (!claim || claim.journalId !== journal.id) {
    throw new AppError('validation', 'bulkMail.unsubscribe_invalid');
  }
  return claim;
}

export async function sendBulkMail(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  journal: Journal,
  body: BulkMailRequest,
) {
  const { valid } = splitRecipients(body.recipients);
  const content = sanitizeRichText(body.content, deps.config.PUBLIC_URL);
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const language: Language = body.language ?? 'en';
  const journalTitle = language === 'ar' ? journal.titleAr : journal.titleEn;
  const result = await deps.db.transaction(async (tx) => {
    const optedOut = await tx
      .select({ email: bulkMailOptOuts.email })
      .from(bulkMailOptOuts)
      .where(and(eq(bulkMailOptOuts.journalId, journal.id), inArray(bulkMailOptOuts.email, valid)));
    const leftOut = new Set(optedOut.map((row) => row.email));
    const mails: OutgoingMail[] = valid
      .filter((address) => !leftOut.has(address))
      .map((address) => {
        const token = encodeURIComponent(unsubscribeToken(deps, journal.id, address));
        const page = `${base}/${journal.slug}/unsubscribe?token=${token}`;
        const footer = `<p>${escapeHtml(translate(language, 'bulkMail.footer', { journal: journalTitle }))} <a href="${escapeHtml(page)}">${escapeHtml(translate(language, 'bulkMail.unsubscribe_link'))}</a></p>`;
        const parts = renderParts(language, body.subject, `${content}<hr>${footer}`, {});
        return {
          journalId: journal.id,
          to: address,
          replyTo: journal.email || null,
          kind: 'bulk',
          subject: parts.subject,
          text: parts.text,
          html: parts.html,
          unsubscribeUrl: `${base}/api/journals/${journal.slug}/unsubscribe?token=${token}`,
        };
      });
    // Past the journal's budget the whole message is refused, nothing written (decision 0073).
    const budget = await claimBulkMailBudget(tx, journal.id, mails.length);
    return { ids: await queueMail(tx, ...mails), leftOut: leftOut.size, budget };
  });
  await deps.jobs.dispatchMail(result.ids);
  return { sent: result.ids.length, leftOut: result.leftOut, budget: result.budget };
}

/** Whom a link unsubscribes, for the page that asks before doing it. */
export function unsubscribeTarget(deps: Pick<Deps, 'config'>, journal: Journal, token: string) {
  return {
    email: claimOf(deps, journal, token).email,
    journalTitleEn: journal.titleEn,
    journalTitleAr: journal.titleAr,
  };
}

/** Records the opt-out; doing it again changes nothing. */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'config'>, journal: Journal, token: string) {
  const claim = claimOf(deps, journal, token);
  await deps.db
    .insert(bulkMailOptOuts)
    .values({ journalId: journal.id, email: claim.email })
    .onConflictDoNothing({ target: [bulkMailOptOuts.journalId, bulkMailOptOuts.email] });
}
