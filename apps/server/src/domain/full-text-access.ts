import { fullTextAccess } from '@journals/core/rules/full-text';
import { type Actor, isEditor, isHandlingEditor } from '@journals/core/rules/permissions';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { journalMemberships, journalPaymentSettings } from '../db/schema';
import { utcDay } from '../lib/daily-visitor';

/**
 * Who reads a published paper's full text (issue 21 §3, decision 0033), by core `fullTextAccess`: what the journal
 * sells and what the caller holds. Every route that serves a published full text asks here (the archive's PDF and
 * the paper page's final file), so paid download has one door.
 */

export interface Caller {
  actor: Actor;
  userId: number | null;
}

/** What the journal sells and what the caller holds: one statement each, the membership only when it matters. */
export async function downloadTerms(db: Database, journalId: number, userId: number | null) {
  const [settings] = await db
    .select({
      atDownload: journalPaymentSettings.atDownload,
      price: journalPaymentSettings.atDownloadPrice,
      membershipType: journalPaymentSettings.membershipType,
    })
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, journalId));
  const atDownload = settings?.atDownload ?? false;
  const [membership] =
    atDownload && userId !== null
      ? await db
          .select({ until: journalMemberships.until })
          .from(journalMemberships)
          .where(and(eq(journalMemberships.journalId, journalId), eq(journalMemberships.userId, userId)))
      : [];
  return {
    atDownload,
    price: atDownload ? (settings?.price ?? null) : null,
    membershipType: atDownload ? (settings?.membershipType ?? null) : null,
    membershipUntil: membership?.until ?? null,
  };
}

const isStaff = (actor: Actor) => isEditor(actor) || isHandlingEditor(actor);

export function accessOf(terms: Awaited<ReturnType<typeof downloadTerms>>, caller: Caller, creatorId: number | null) {
  return fullTextAccess({
    atDownload: terms.atDownload,
    isStaff: isStaff(caller.actor),
    isAuthor: caller.userId !== null && creatorId === caller.userId,
    membershipUntil: terms.membershipUntil,
    today: utcDay(),
  });
}
