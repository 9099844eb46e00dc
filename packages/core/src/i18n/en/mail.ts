/** Account mails. Journal-editable templates come with administration; these are the platform's own. */
export const mail = {
  activationSubject: '{{journal}}: activate your account',
  activationBody:
    'Dear {{name}},\n\nThank you for registering with {{journal}}. Open this link to activate your account (valid for {{validity}}):\n{{link}}\n\nIf you did not register, ignore this message.',
  resetSubject: '{{journal}}: reset your password',
  hours_one: '{{count}} hour',
  hours_other: '{{count}} hours',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
  resetBody:
    'Dear {{name}},\n\nSomeone asked to reset the password of your account. Open this link to choose a new password (valid for {{validity}}):\n{{link}}\n\nIf it was not you, ignore this message; your password stays as it is.',
  invitationSubject: '{{journal}}: an account has been made for you',
  invitationBody:
    'Dear {{name}},\n\nThe editors of {{journal}} have made you an account with this e-mail address. Open this link to choose your password (valid for {{validity}}):\n{{link}}\n\nIf you did not expect this, ignore this message; nobody can sign in to the account without the password you choose.',
  paperReceivedSubject: '{{journal}}: your paper {{code}} has been received',
  paperReceivedBody:
    'Dear {{name}},\n\nWe have received your paper "{{title}}" with the code {{code}}. You can follow its review from your dashboard.\n\n{{journal}}',
  newProposalSubject: '{{journal}}: new proposal {{code}}',
  newProposalBody: 'A new proposal "{{title}}" with the code {{code}} has been submitted and waits for your review.',
  newRevisionSubject: '{{journal}}: revised version of {{code}}',
  newRevisionBody: 'A revised version (version {{version}}) of the paper "{{title}}" ({{code}}) has been submitted.',
  mailStaffSubject: '{{journal}}: message about paper {{code}}',
  mailStaffBody: '{{name}} ({{email}}) wrote about the paper "{{title}}" ({{code}}):\n\n{{message}}',
} as const;
