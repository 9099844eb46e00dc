import { describe, expect, it } from 'vitest';
import { canStartReview, reviewWaitsForPayment, uploadPaymentDue } from '../src/rules/payments';
import { paymentSettingsRequest } from '../src/schemas/payment-settings';
import { createPaymentRequest } from '../src/schemas/payments';

describe('uploadPaymentDue', () => {
  const charging = { atUpload: true };
  it('is due for an unpaid paper in review (1–3) of a journal that charges at upload', () => {
    for (const status of [1, 2, 3]) expect(uploadPaymentDue({ status, uploadPaid: false }, charging)).toBe(true);
  });
  it('is not due for a draft, a decided paper, a superseded version, a paid paper, or when the journal stops charging', () => {
    for (const status of [0, 4, 5, 6, 7]) expect(uploadPaymentDue({ status, uploadPaid: false }, charging)).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: false, superseded: true }, charging)).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: true }, charging)).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: false }, { atUpload: false })).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: false }, null)).toBe(false);
  });
});

describe('canStartReview (DESIGN §7: editors cannot start the review of an unpaid paper)', () => {
  it('is false exactly while the at-upload fee is due', () => {
    expect(canStartReview({ status: 1, uploadPaid: false }, { atUpload: true })).toBe(false);
    expect(canStartReview({ status: 1, uploadPaid: true }, { atUpload: true })).toBe(true);
    expect(canStartReview({ status: 1, uploadPaid: false }, { atUpload: false })).toBe(true);
  });
});

describe('reviewWaitsForPayment', () => {
  it('holds where reviewers are invited (1 and 3) while the fee is due, never otherwise', () => {
    for (const status of [1, 3]) {
      expect(reviewWaitsForPayment({ status }, true)).toBe(true);
      expect(reviewWaitsForPayment({ status }, false)).toBe(false);
    }
    for (const status of [0, 2, 4, 5, 6, 7]) expect(reviewWaitsForPayment({ status }, true)).toBe(false);
  });
});

describe('payment schemas', () => {
  const base = { merchantId: 'M', securityKey: 'K', merchantName: 'N' };

  it('normalises prices to two decimals and keeps them within 0–999999.99', () => {
    const parsed = paymentSettingsRequest.parse({ ...base, atUpload: true, atUploadPrice: 12.5, atRegisterPrice: '' });
    expect(parsed).toMatchObject({ atUploadPrice: '12.50', atRegisterPrice: null, atRegister: false });
    expect(paymentSettingsRequest.safeParse({ ...base, atUpload: true, atUploadPrice: '999999.99' }).success).toBe(
      true,
    );
    for (const price of ['1000000', '1.234', '-5', 'x']) {
      expect(paymentSettingsRequest.safeParse({ ...base, atUploadPrice: price }).success).toBe(false);
    }
  });

  it('needs a price for each fee that is on and a membership type with the download fee', () => {
    const result = paymentSettingsRequest.safeParse({ ...base, atPublish: true, atDownload: true, atDownloadPrice: 5 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['atPublishPrice', 'validation.price_required'],
      ['membershipType', 'validation.membershipType_required'],
    ]);
  });

  it('takes an upload or publish payment by paper id and a registration payment by credentials', () => {
    expect(createPaymentRequest.parse({ purpose: 'upload', paperId: '7' })).toEqual({ purpose: 'upload', paperId: 7 });
    expect(createPaymentRequest.safeParse({ purpose: 'register', email: 'A@B.org', password: 'x' }).data).toEqual({
      purpose: 'register',
      email: 'a@b.org',
      password: 'x',
    });
    // The at-publish fee of an accepted paper (issue 21 §1), by paper id too.
    expect(createPaymentRequest.parse({ purpose: 'publish', paperId: '1' })).toEqual({
      purpose: 'publish',
      paperId: 1,
    });
    expect(createPaymentRequest.safeParse({ purpose: 'publish' }).success).toBe(false);
  });
});
