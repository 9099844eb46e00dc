import { DEMO_PASSWORD } from '../fixtures';
import { ApiClient } from './api';

/** The prices the journal's fees are switched on with (decision 0006). */
export const UPLOAD_PRICE = '150.00';
export const REGISTER_PRICE = '75.50';
export const PUBLISH_PRICE = '120.00';

const merchant = {
  merchantId: 'SBX-E2E',
  securityKey: 'e2e-security-key',
  merchantName: 'Journal of Applied Sciences',
};
const NO_FEES = { atRegister: false, atUpload: false, atPublish: false, atDownload: false };

/**
 * Runs `body` with the journal's fees switched on by its manager (through the API), and switches them off again
 * whatever happens.
 */
export async function withFees(
  baseURL: string,
  slug: string,
  fees: { atUpload?: boolean; atRegister?: boolean; atPublish?: boolean },
  body: () => Promise<void>,
) {
  const settingsPath = `/api/journals/${slug}/payment-settings`;
  const manager = await ApiClient.signIn(baseURL, slug, `editor@${slug}.test`, DEMO_PASSWORD);
  try {
    await manager.ok(
      manager.put(settingsPath, {
        ...merchant,
        ...NO_FEES,
        ...fees,
        atUploadPrice: fees.atUpload ? UPLOAD_PRICE : null,
        atRegisterPrice: fees.atRegister ? REGISTER_PRICE : null,
        atPublishPrice: fees.atPublish ? PUBLISH_PRICE : null,
      }),
    );
    await body();
  } finally {
    await manager.ok(manager.put(settingsPath, { ...merchant, ...NO_FEES }));
    await manager.dispose();
  }
}
