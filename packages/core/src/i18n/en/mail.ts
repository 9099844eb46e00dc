/** Account mails. Journal-editable templates come with administration; these are the platform's own. */
export const mail = {
  activationSubject: '{{journal}}: activate your account',
  activationBody:
    'Dear {{name}},\n\nThank you for registering with {{journal}}. Open this link to activate your account (valid for {{hours}} hours):\n{{link}}\n\nIf you did not register, ignore this message.',
  resetSubject: '{{journal}}: reset your password',
  resetBody:
    'Dear {{name}},\n\nSomeone asked to reset the password of your account. Open this link to choose a new password (valid for {{hours}} hours):\n{{link}}\n\nIf it was not you, ignore this message; your password stays as it is.',
} as const;
