/** Paid download on the public site (issue 21 §3): a paper's full text, members only, and the membership's offer. */
export const fullText = {
  download: 'Download the full text (PDF)',
  download_named: 'Download the full text of {{title}} (PDF)',
  members_only: 'Members only',
  members_only_error: 'The full text of this paper is for members of the journal only.',
  price_monthly: '{{price}} {{currency}} a month',
  price_yearly: '{{price}} {{currency}} a year',
  offer_title: 'Full texts for members',
  offer_text:
    'The full texts of this journal are for its members. A membership opens every paper of the journal for its period.',
  offer_sign_in: 'Sign in to become a member',
  offer_buy_monthly: 'Become a member for a month ({{price}} {{currency}})',
  offer_buy_yearly: 'Become a member for a year ({{price}} {{currency}})',
  offer_renew_monthly: 'Renew for a month ({{price}} {{currency}})',
  offer_renew_yearly: 'Renew for a year ({{price}} {{currency}})',
  member_until: 'Your membership runs until {{date}}.',
  membership_expired: 'Your membership ended on {{date}}.',
  payment_paid: 'Thank you: your membership is active.',
  payment_failed: 'The payment did not go through. You can try again.',
  payment_waiting: 'Waiting for the payment to be confirmed…',
  payment_timed_out: 'We have not heard from the payment yet. If you paid, your membership will show here shortly.',
  access_failed: 'Whether you may read the full text could not be checked.',
} as const;
