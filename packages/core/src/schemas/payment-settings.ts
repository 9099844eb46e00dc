import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../enums';

/**
 * A journal's payment settings as its manager edits them (spec 03 §3 and §5; decisions 0006 and 0043): a module of
 * its own, so that the public pages (registration, papers) do not carry the back office's form rules.
 */

/** The largest price: six integer digits and two decimals (spec 03 §5). */
export const MAX_PRICE = 999_999.99;
const PRICE_SHAPE = /^\d{1,6}(\.\d{1,2})?$/;

/** A price as the form sends it (a number or a text); '' and null mean none. Normalised to "123.45". */
const price = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    if (text === '') return null;
    if (!PRICE_SHAPE.test(text) || Number(text) > MAX_PRICE) {
      context.addIssue({ code: 'custom', message: 'validation.price_invalid' });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

const merchantText = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, { error: requiredKey }).max(200, { error: 'validation.max' });

const FEES = ['atRegister', 'atUpload', 'atPublish', 'atDownload'] as const;

/**
 * Payment settings of a journal (spec 03 §3 and §5), saved by the journal manager. The security key signs the
 * gateway's callbacks: it is never sent back to a browser, and an empty one in a save means the stored one
 * (`withStoredKey`), so "required" holds only while none is stored.
 */
export const paymentSettingsRequest = z
  .object({
    merchantId: merchantText('validation.merchantId_required'),
    securityKey: merchantText('validation.securityKey_required'),
    merchantName: merchantText('validation.merchantName_required'),
    atRegister: z.boolean().default(false),
    atRegisterPrice: price,
    atUpload: z.boolean().default(false),
    atUploadPrice: price,
    atPublish: z.boolean().default(false),
    atPublishPrice: price,
    atDownload: z.boolean().default(false),
    atDownloadPrice: price,
    membershipType: z
      .union([z.literal(MEMBERSHIP_TYPES.monthly), z.literal(MEMBERSHIP_TYPES.yearly)], {
        error: 'validation.membershipType_required',
      })
      .nullish(),
  })
  .superRefine((settings, context) => {
    for (const fee of FEES) {
      if (settings[fee] && settings[`${fee}Price`] === null) {
        context.addIssue({ code: 'custom', path: [`${fee}Price`], message: 'validation.price_required' });
      }
    }
    if (settings.atDownload && !settings.membershipType) {
      context.addIssue({ code: 'custom', path: ['membershipType'], message: 'validation.membershipType_required' });
    }
  });
export type PaymentSettingsRequest = z.input<typeof paymentSettingsRequest>;

/** A save's body with an empty security key standing for the stored one, before the rules are applied. */
export function withStoredKey<T>(body: T, storedKey: string): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || storedKey === '') return body;
  const typed = (body as { securityKey?: unknown }).securityKey;
  const empty = typed === undefined || typed === null || (typeof typed === 'string' && typed.trim() === '');
  return empty ? { ...body, securityKey: storedKey } : body;
}

export const paymentSettingsResponse = z.object({
  merchantId: z.string(),
  /** Whether a security key is stored (the key itself never leaves the server). */
  securityKeySet: z.boolean(),
  merchantName: z.string(),
  atRegister: z.boolean(),
  atRegisterPrice: z.string().nullable(),
  atUpload: z.boolean(),
  atUploadPrice: z.string().nullable(),
  atPublish: z.boolean(),
  atPublishPrice: z.string().nullable(),
  atDownload: z.boolean(),
  atDownloadPrice: z.string().nullable(),
  membershipType: z.number().nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsResponse>;
