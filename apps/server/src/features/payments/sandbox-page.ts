import type { Language } from '@journals/core/enums';
import { DIRECTION } from '@journals/core/enums';

/** The texts of the sandbox gateway's hosted page, in both languages (it is a gateway page, not the SPA). */
const TEXTS = {
  en: {
    title: 'Sandbox payment',
    notice: 'Test gateway: no real money is charged.',
    merchant: 'Merchant',
    description: 'Description',
    amount: 'Amount',
    reference: 'Reference',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'Payment complete. You may close this window, or go back to the journal.',
    cancelled: 'Payment cancelled. You may close this window, or go back to the journal.',
    alreadyPaid: 'This payment has already been completed. You may close this window, or go back to the journal.',
    alreadyClosed: 'This payment is closed. Start a new payment from the journal.',
    notFound: 'This payment was not found.',
    refused: 'This payment form is out of date. Please start the payment again.',
    back: 'Back to the journal',
  },
  ar: {
    title: 'دفع تجريبي',
    notice: 'بوابة تجريبية: لن يتم خصم أي مبالغ حقيقية.',
    merchant: 'التاجر',
    description: 'الوصف',
    amount: 'المبلغ',
    reference: 'الرقم المرجعي',
    pay: 'ادفع',
    cancel: 'إلغاء',
    paid: 'تم الدفع بنجاح. يمكنك إغلاق هذه النافذة أو العودة إلى المجلة.',
    cancelled: 'تم إلغاء الدفع. يمكنك إغلاق هذه النافذة أو العودة إلى المجلة.',
    alreadyPaid: 'تم سداد هذا المبلغ من قبل. يمكنك إغلاق هذه النافذة أو العودة إلى المجلة.',
    alreadyClosed: 'عملية الدفع هذه مغلقة. ابدأ عملية دفع جديدة من موقع المجلة.',
    notFound: 'عملية الدفع هذه غير موجودة.',
    refused: 'نموذج الدفع هذا قديم. من فضلك ابدأ عملية الدفع مرة أخرى.',
    back: 'العودة إلى المجلة',
  },
} as const satisfies Record<Language, Record<string, string>>;
export type SandboxText = keyof (typeof TEXTS)['en'];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

const STYLE = `
  body { font-family: 'Noto Sans', 'Noto Sans Arabic', system-ui, sans-serif; background: #f1f3f5; margin: 0; color: #212529; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 2rem;
         box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.4rem; margin-block: 0 0.5rem; }
  .notice { color: #868e96; font-size: 0.9rem; margin-block-end: 1.25rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; margin: 0 0 1.5rem;
       align-items: baseline; }
  dt { color: #495057; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  /* A left-to-right value (reference, amount) is isolated inside its dd, which keeps the page's direction and
     alignment: in Arabic it starts on the right like the other values. */
  .ltr { unicode-bidi: isolate; }
  .amount { font-size: 1.3rem; font-weight: 700; }
  .actions { display: flex; gap: 0.75rem; }
  button { font: inherit; padding: 0.6rem 1.5rem; border-radius: 8px; border: 1px solid #ced4da; background: #fff; cursor: pointer; }
  button[value="pay"] { background: #1971c2; border-color: #1971c2; color: #fff; }
  .message { font-size: 1.1rem; }
  .back { display: inline-block; padding: 0.6rem 1.5rem; border-radius: 8px; background: #1971c2; color: #fff;
          text-decoration: none; }
`;

function page(language: Language, body: string, closeScript = false): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${language}" dir="${DIRECTION[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
${closeScript ? '<script src="/pay/sandbox/close.js" defer></script>' : ''}
</head>
<body><main>
<h1>${escapeHtml(t.title)}</h1>
${body}
</main></body>
</html>`;
}

export interface CheckoutView {
  reference: string;
  amount: string;
  currency: string;
  merchantName: string;
  description: string;
  token: string;
}

/** The hosted page: amount, merchant and description, and a plain form with Pay and Cancel (no inline script). */
export function checkoutPage(language: Language, view: CheckoutView): string {
  const t = TEXTS[language];
  const amount = `${view.amount} ${view.currency}`;
  return page(
    language,
    `<p class="notice">${escapeHtml(t.notice)}</p>
<dl>
<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(view.merchantName)}</dd>
<dt>${escapeHtml(t.description)}</dt><dd>${escapeHtml(view.description)}</dd>
<dt>${escapeHtml(t.reference)}</dt><dd><span class="ltr" dir="ltr">${escapeHtml(view.reference)}</span></dd>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount"><span class="ltr" dir="ltr">${escapeHtml(amount)}</span></dd>
</dl>
<form method="post" action="/pay/sandbox/${encodeURIComponent(view.reference)}/complete">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<input type="hidden" name="lang" value="${language}">
<div class="actions">
<button type="submit" name="action" value="pay">${escapeHtml(t.pay)}</button>
<button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</div>
</form>`,
  );
}

/**
 * A final page; the payment pages that end the flow also try to close the popup (script file, CSP 'self'). A payer
 * whose popup was blocked is in the journal's own tab: `backUrl` (built by the server) takes them back.
 */
export function messagePage(
  language: Language,
  text: SandboxText,
  { close = false, backUrl = null }: { close?: boolean; backUrl?: string | null } = {},
): string {
  const t = TEXTS[language];
  const back = backUrl
    ? `\n<p><a class="back" href="${escapeHtml(backUrl)}" data-testid="sandbox-back">${escapeHtml(t.back)}</a></p>`
    : '';
  return page(language, `<p class="message" role="status">${escapeHtml(t[text])}</p>${back}`, close);
}

/** Served as a file (CSP forbids inline scripts): the popup closes itself once the payment is done. */
export const CLOSE_SCRIPT = 'window.setTimeout(function () { window.close(); }, 1500);\n';
