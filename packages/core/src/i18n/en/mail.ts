/** The words the mails' values need (a link's validity); the mails' texts are the journal's templates (mail/templates). */
export const mail = {
  hours_one: '{{count}} hour',
  hours_other: '{{count}} hours',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
} as const;
