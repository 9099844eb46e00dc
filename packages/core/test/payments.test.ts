import { describe, expect, it } from 'vitest';
import { canStartReview, reviewWaitsForPayment, uploadPaymentDue } from '../src/rules/payments';
import { createPaymentRequest, paymentSettingsRequest } from '../src/schemas/payments';

describe('canStartReview (DESIGN §7: editors cannot start the review of an unpaid paper)', () => {
  it('is true only when the at-upload fee is paid (or none was due)', () => {
    expect(canStartReview({ uploadPaid: true })).toBe(true);
    expect(canStartReview({ uploadPaid: false })).toBe(false);
  });
});

describe('uploadPaymentDue', () => {
  it('is due for a submitted, unpaid paper of a journal that charges at upload', () => {
    expect(uploadPaymentDue({ status: 1, uploadPaid: false }, { atUpload: true })).toBe(true);
    expect(uploadPaymentDue({ status: 0, uploadPaid: false }, { atUpload: true })).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: true }, { atUpload: true })).toBe(false);
    expect(uploadPaymentDue({ status: 1, uploadPaid: false }, { atUpload: false })).toBe(false);
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

  it('takes an upload payment by paper id and a registration payment by credentials', () => {
    expect(createPaymentRequest.parse({ purpose: 'upload', paperId: '7' })).toEqual({ purpose: 'upload', paperId: 7 });
    expect(createPaymentRequest.safeParse({ purpose: 'register', email: 'A@B.org', password: 'x' }).data).toEqual({
      purpose: 'register',
      email: 'a@b.org',
      password: 'x',
    });
    expect(createPaymentRequest.safeParse({ purpose: 'publish', paperId: 1 }).success).toBe(false);
  });
});

describe('reviewWaitsForPayment', () => {
  it('holds for an unpaid paper where reviewers are invited (1 and 3), never for a paid one or another status', () => {
    for (const status of [1, 3]) {
      expect(reviewWaitsForPayment({ status, uploadPaid: false })).toBe(true);
      expect(reviewWaitsForPayment({ status, uploadPaid: true })).toBe(false);
    }
    for (const status of [0, 2, 4, 5, 6, 7]) expect(reviewWaitsForPayment({ status, uploadPaid: false })).toBe(false);
  });
});
