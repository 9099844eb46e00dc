/** Messages of the error envelope (DESIGN §5) and of account outcomes (spec 01 §8, spec 03 §4 and §8). */
export const errors = {
  validation: 'Please correct the highlighted fields.',
  unauthenticated: 'Sorry, your session has been expired, Please login again.',
  forbidden: 'Sorry, you are not authorized to view this page',
  notFound: 'The page or item you asked for was not found.',
  journalNotFound: 'There is no journal at this address.',
  conflict: 'This action conflicts with the current state.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  csrf: 'Your page is out of date. Please reload it and try again.',
  malformedUpload: 'The upload arrived broken or incomplete. Please choose the file again.',
  fileTooLarge: 'The file is too large.',
  unsupportedFileType: 'This file type is not accepted.',
  unsupportedMediaType: 'This kind of request is not accepted. Please use the form on the site.',
  accountThrottled:
    'Too many failed sign-in attempts for this account. Please try again in an hour, or reset your password.',
  loginFailed: 'The e-mail or password is not correct.',
  accountNotActivated: 'Your account is not activated yet. Please use the link in the activation e-mail.',
  accountBanned: 'Your account has been suspended. Please contact the journal.',
  accountAwaitingPayment: 'Your account will be active once the registration fee is paid.',
  paperNotEditable: 'This paper has been submitted and can no longer be edited.',
  paymentNotDue: 'No payment is due for this.',
  paymentsNotConfigured: 'Online payment is not set up for this journal yet. Please contact the journal.',
  paymentRefused: 'The payment notification could not be verified.',
  ethicsFormNotAvailable: 'The ethics form can be printed only for accepted or published papers.',
} as const;

export const messages = {
  registered: 'Your account has been created. We sent an activation link to your e-mail address.',
  activationResent: 'If an account with this e-mail is waiting for activation, a new activation link has been sent.',
  activated: 'Your account is now active. You can log in.',
  activationInvalid: 'This activation link is invalid or has expired. Ask for a new one.',
  alreadyActive: 'Your account is already active. You can log in.',
  resetSent: 'If an account with this e-mail exists, we sent a link to reset the password.',
  passwordReset: 'Your password has been changed. You can log in with the new password.',
  resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  profileSaved: 'Your profile has been saved.',
  loggedOut: 'You have logged out.',
  mailSent: 'Your message has been sent to the journal staff.',
  paymentSettingsSaved: 'The payment settings have been saved.',
} as const;

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
