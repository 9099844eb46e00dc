import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { journalPaymentSettings } from '../src/db/schema';
import { openSecret } from '../src/lib/secret-box';
import { expectError, type TestClient } from './harness';
import { app, ethics, general, researcher, setSettings, usePaymentsApp } from './payments-setup';

/** A journal's payment settings (spec 03 §5; decision 0006): read and saved by its manager only. */

usePaymentsApp();

describe('payment settings (journal manager only)', () => {
  const valid = {
    merchantId: 'M-200',
    securityKey: 'new-key',
    merchantName: 'Journal Gateway',
    atRegister: true,
    atRegisterPrice: 100,
    atUpload: true,
    atUploadPrice: '999999.99',
    atPublish: false,
    atPublishPrice: null,
    atDownload: true,
    atDownloadPrice: '12.5',
    membershipType: 2,
  };
  let manager: TestClient;
  beforeAll(async () => {
    manager = app.client();
    await manager.login('editor@general.test');
  });

  /** The key as stored (sealed, decision 0073), opened. */
  const storedKey = async (journalId: number) => {
    const [row] = await app.deps.db
      .select({ key: journalPaymentSettings.securityKey })
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, journalId));
    expect(row?.key).toMatch(/^sealed:v1:/);
    return openSecret(app.deps.config.SECRET, 'payment-security-key', row!.key);
  };

  it('reads and saves the settings, prices normalised to two decimals, the key never sent back', async () => {
    const saved = await manager.put('/api/journals/general/payment-settings', valid);
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('messages.paymentSettingsSaved');
    const read = await manager.get('/api/journals/general/payment-settings');
    const { securityKey: _key, ...shown } = valid;
    expect(read.body).toEqual({
      ...shown,
      securityKeySet: true,
      atRegisterPrice: '100.00',
      atUploadPrice: '999999.99',
      atDownloadPrice: '12.50',
    });
    // The public registration info shows the new price.
    expect((await app.client().get('/api/journals/general/auth/register')).body).toMatchObject({
      atRegister: true,
      atRegisterPrice: '100.00',
    });
  });

  it('keeps the stored key when a save leaves it empty, and takes a new one when typed', async () => {
    const put = (securityKey: unknown) =>
      manager.put('/api/journals/general/payment-settings', { ...valid, securityKey });
    await manager.put('/api/journals/general/payment-settings', valid);
    for (const empty of ['', '   ', null, undefined]) {
      expect((await put(empty)).status).toBe(200);
      expect(await storedKey(general.id)).toBe('new-key');
    }
    expect((await put('another-key')).status).toBe(200);
    expect(await storedKey(general.id)).toBe('another-key');
    expect((await manager.get('/api/journals/general/payment-settings')).body).not.toHaveProperty('securityKey');
  });

  it('applies the rules of spec 03 §5', async () => {
    const put = (body: unknown) => manager.put('/api/journals/general/payment-settings', body);
    // The key is required while none is stored; once one is, an empty field keeps it.
    await setSettings(general.id, { securityKey: '' });
    expectError(await put({}), 400, 'validation', 'errors.validation', {
      MerchantId: ['validation.merchantId_required'],
      SecurityKey: ['validation.securityKey_required'],
      MerchantName: ['validation.merchantName_required'],
    });
    await setSettings(general.id, { securityKey: 'new-key' });
    expectError(await put({}), 400, 'validation', 'errors.validation', {
      MerchantId: ['validation.merchantId_required'],
      MerchantName: ['validation.merchantName_required'],
    });
    expectError(
      await put({ ...valid, atRegisterPrice: null, atUploadPrice: '', atDownload: true, membershipType: null }),
      400,
      'validation',
      'errors.validation',
      {
        AtRegisterPrice: ['validation.price_required'],
        AtUploadPrice: ['validation.price_required'],
        MembershipType: ['validation.membershipType_required'],
      },
    );
    for (const price of ['1000000', '12.345', '-1', 'abc', 1e7, '1e3']) {
      const answer = await put({ ...valid, atUploadPrice: price });
      expect({ price, errors: answer.body.errors }).toEqual({
        price,
        errors: { AtUploadPrice: ['validation.price_invalid'] },
      });
    }
    expect((await put({ ...valid, membershipType: 3 })).body.errors).toEqual({
      MembershipType: ['validation.membershipType_required'],
    });
    // A toggle that is off needs no price.
    expect((await put({ ...valid, atRegister: false, atRegisterPrice: null })).status).toBe(200);
    expect((await put({ ...valid, atUploadPrice: '0' })).status).toBe(200);
  });

  it('is closed to the secretary, researchers, guests and managers of other journals', async () => {
    const secretary = app.client();
    await secretary.login('secretary@general.test');
    for (const client of [secretary, researcher]) {
      expectError(await client.get('/api/journals/general/payment-settings'), 403, 'forbidden', 'errors.forbidden');
      // The role is checked before the body.
      expectError(await client.put('/api/journals/general/payment-settings', {}), 403, 'forbidden', 'errors.forbidden');
    }
    expectError(
      await app.client().get('/api/journals/general/payment-settings'),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    expectError(await manager.get('/api/journals/ethics/payment-settings'), 403, 'forbidden', 'errors.forbidden');
    expectError(
      await manager.put('/api/journals/ethics/payment-settings', valid),
      403,
      'forbidden',
      'errors.forbidden',
    );
    expect((await manager.get('/api/journals/no-such-journal/payment-settings')).status).toBe(404);
    const [ethicsSettings] = await app.deps.db
      .select()
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, ethics.id));
    expect(ethicsSettings).toMatchObject({ merchantId: '', securityKey: '' });
  });
});
