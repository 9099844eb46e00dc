import { and, eq, ne, notLike } from 'drizzle-orm';
import type { Database } from '../db/client';
import { journalPaymentSettings, journals } from '../db/schema';
import { SEALED_PREFIX, sealSecret } from '../lib/secret-box';

/**
 * Seals the secrets still stored in clear (decision 0073): those written before sealing began, and those a restore
 * of an older backup brought back. Run at every start (app.ts, under the start-up lock), by the backup command
 * before it reads and by the restore command after it loads; it changes nothing once every value is sealed. Each
 * row is written only if it still holds the plain value read, so processes starting together cannot seal twice.
 */
export async function sealStoredSecrets(db: Database, secret: string): Promise<number> {
  let sealed = 0;
  const plainKeys = await db
    .select({ journalId: journalPaymentSettings.journalId, value: journalPaymentSettings.securityKey })
    .from(journalPaymentSettings)
    .where(
      and(ne(journalPaymentSettings.securityKey, ''), notLike(journalPaymentSettings.securityKey, `${SEALED_PREFIX}%`)),
    );
  for (const { journalId, value } of plainKeys) {
    const written = await db
      .update(journalPaymentSettings)
      .set({ securityKey: sealSecret(secret, 'payment-security-key', value) })
      .where(and(eq(journalPaymentSettings.journalId, journalId), eq(journalPaymentSettings.securityKey, value)))
      .returning({ journalId: journalPaymentSettings.journalId });
    sealed += written.length;
  }
  const plainPasswords = await db
    .select({ id: journals.id, value: journals.mailPassword })
    .from(journals)
    .where(and(ne(journals.mailPassword, ''), notLike(journals.mailPassword, `${SEALED_PREFIX}%`)));
  for (const { id, value } of plainPasswords) {
    const written = await db
      .update(journals)
      .set({ mailPassword: sealSecret(secret, 'journal-mail-password', value) })
      .where(and(eq(journals.id, id), eq(journals.mailPassword, value)))
      .returning({ id: journals.id });
    sealed += written.length;
  }
  return sealed;
}
