/** ORCID outcomes shown on the ORCID result and register pages (spec 03 §4). */
export const orcid = {
  successLogin: 'You are signed in with ORCID. Taking you to your dashboard…',
  emailUsed: 'An account already uses this e-mail address. Log in with it, then link your ORCID iD in your profile.',
  orcid: 'This ORCID iD is already registered. Please sign in with ORCID.',
  emailIsRequired: 'ORCID did not share an e-mail address. Please enter one to finish registration.',
  register: 'No account is linked to this ORCID iD yet. Complete the form to register.',
  banned: 'This account has been suspended. Please contact the journal.',
  deactivated: 'This account is not activated yet. Please use the link in the activation e-mail.',
  registered: 'Your account has been created with your ORCID iD. We sent an activation link to your e-mail address.',
  paid: 'Your account will be active once the registration fee is paid.',
  failed: 'ORCID sign-in did not complete. Please try again.',
  // Connecting ORCID from the profile (docs/decisions/0012-orcid-linking.md).
  connected: 'Your ORCID iD is now linked to your account. You can sign in with ORCID.',
  taken: 'This ORCID iD is already linked to another account, so it was not linked to yours.',
  connectFailed: 'Linking your ORCID iD did not complete. Please try again.',
  disconnected: 'Your ORCID iD is no longer linked to your account.',
} as const;
