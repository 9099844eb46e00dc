import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { journalPaymentSettings, journals } from '../src/db/schema';
import { openSecret, sealSecret } from '../src/lib/secret-box';
import { writeBackup } from '../src/ops/backup';
import { sealStoredSecrets } from '../src/ops/stored-secrets';
import {
  app,
  callback,
  general,
  insertPaper,
  KEY,
  researcher,
  setSettings,
  signed,
  usePaymentsApp,
} from './payments-setup';
import { expectError } from './harness';

/**
 * Secrets at rest (issue 44 §5, decision 0073): the journals' payment SecurityKey and mail password are stored sealed
 * under a key from SECRET, still work, and a backup is its owner's alone and holds neither in clear.
 */

usePaymentsApp();
const work = mkdtempSync(path.join(tmpdir(), 'journals-secrets-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The demo seed's mail password of every journal, stored in clear by the seed and sealed at the server's start. */
const DEMO_MAIL_PASSWORD = 'demo-mail-app-password';
const TYPED_KEY = 'Gateway-Key-7781-typed';

const storedKey = async () =>
  (
    await app.deps.db
      .select({ key: journalPaymentSettings.securityKey })
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, general.id))
  )[0]!.key;
const storedMailPassword = async () =>
  (await app.deps.db.select({ value: journals.mailPassword }).from(journals).where(eq(journals.id, general.id)))[0]!
    .value;

async function paidUploadFee(key: string) {
  const paper = await insertPaper();
  const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
  const reference = body.reference as string;
  return callback(signed({ reference, amount: '250.00', transactionId: `T-${reference}`, status: 'paid' }, key));
}

describe('secrets at rest', () => {
  it('stores the SecurityKey typed on the payment settings screen sealed, and the gateway still verifies with it', async () => {
    const manager = await app.signedIn('editor@general.test');
    const saved = await manager.put('/api/journals/general/payment-settings', {
      merchantId: 'M-100',
      securityKey: TYPED_KEY,
      merchantName: 'General Journal Payments',
      atUpload: true,
      atUploadPrice: '250.00',
    });
    expect(saved.status).toBe(200);
    const stored = await storedKey();
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(TYPED_KEY);
    expect(openSecret(app.deps.config.SECRET, 'payment-security-key', stored)).toBe(TYPED_KEY);
    // Another SECRET does not open it.
    expect(openSecret('another-secret-another-secret', 'payment-security-key', stored)).toBeNull();
    const settings = await manager.get('/api/journals/general/payment-settings');
    expect(settings.body).toMatchObject({ securityKeySet: true });
    expect(JSON.stringify(settings.body)).not.toContain(TYPED_KEY);
    expect(await paidUploadFee(TYPED_KEY)).toMatchObject({ status: 200, body: { state: 'paid' } });
    expect((await paidUploadFee('not-the-key')).status).toBe(400);
  });

  it('seals a key and a mail password an older release stored in clear, and the gateway still verifies', async () => {
    // The seed wrote the demo mail password in clear; the server sealed it when it started.
    const mailPassword = await storedMailPassword();
    expect(mailPassword).toMatch(/^sealed:v1:/);
    expect(openSecret(app.deps.config.SECRET, 'journal-mail-password', mailPassword)).toBe(DEMO_MAIL_PASSWORD);
    // A key in clear, as an older release (or an older backup restored) left it, still works before it is sealed…
    await setSettings(general.id, { securityKey: KEY });
    expect(await paidUploadFee(KEY)).toMatchObject({ status: 200, body: { state: 'paid' } });
    // …and the start-up step seals it, once.
    expect(await sealStoredSecrets(app.deps.db, app.deps.config.SECRET)).toBeGreaterThanOrEqual(1);
    expect(await sealStoredSecrets(app.deps.db, app.deps.config.SECRET)).toBe(0);
    expect(await storedKey()).toMatch(/^sealed:v1:/);
    expect(await paidUploadFee(KEY)).toMatchObject({ status: 200, body: { state: 'paid' } });
  });

  it('reads a secret sealed under another SECRET (a restore elsewhere) as not set, never as an error', async () => {
    const elsewhere = 'the-secret-of-another-site-0123';
    await setSettings(general.id, { securityKey: sealSecret(elsewhere, 'payment-security-key', KEY) });
    await app.deps.db
      .update(journals)
      .set({ mailPassword: sealSecret(elsewhere, 'journal-mail-password', DEMO_MAIL_PASSWORD) })
      .where(eq(journals.id, general.id));
    const manager = await app.signedIn('editor@general.test');
    expect((await manager.get('/api/journals/general/payment-settings')).body).toMatchObject({ securityKeySet: false });
    expect((await manager.get('/api/journals/general/journal-data')).body).toMatchObject({ passwordSet: false });
    // Payments are refused as not configured (409, in words) until the manager types the key again; not a 500.
    const paper = await insertPaper();
    const start = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    expectError(start, 409, 'conflict', 'errors.paymentsNotConfigured');
  });

  it('writes a backup readable by its owner only, holding neither secret in clear', async () => {
    await setSettings(general.id, { securityKey: KEY });
    await sealStoredSecrets(app.deps.db, app.deps.config.SECRET);
    const out = path.join(work, 'platform.tar.gz');
    await writeBackup(app.database, app.deps.storage, out);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const bytes = gunzipSync(readFileSync(out));
    expect(bytes.includes(KEY)).toBe(false);
    expect(bytes.includes(DEMO_MAIL_PASSWORD)).toBe(false);
    // The sealed values are in it, so a restore under the same SECRET gives them back.
    expect(bytes.includes('sealed:v1:')).toBe(true);
  });
});
