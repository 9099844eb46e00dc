import { expect } from 'vitest';
import { type Entry, get } from './entry';

/** The matrix rows of the accounts routes, ORCID included. */

export const accountsEntries: Entry[] = [
  // Accounts
  { route: 'GET /api/captcha', allow: 'everyone', ok: 200, request: get('/api/captcha') },
  { route: 'GET /api/journals/:slug/me', allow: 'everyone', ok: 200, request: get('/api/journals/general/me') },
  {
    route: 'GET /api/journals/:slug/auth/register',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/auth/register'),
  },
  // Sample bodies of the account forms are invalid on purpose: allowed callers reach validation (400), nothing is written.
  {
    route: 'POST /api/journals/:slug/auth/register',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha', 'Email', 'FullName', 'JobTitle', 'Password', 'PasswordConfirmation', 'Specializations'],
    request: () => ({ url: '/api/journals/general/auth/register', body: {} }),
  },
  {
    route: 'POST /api/journals/:slug/auth/resend',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/auth/resend', body: { email: 'nobody@example.org' } }),
  },
  {
    route: 'POST /api/auth/activate',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'messages.activationInvalid',
    request: () => ({ url: '/api/auth/activate', body: { userId: 2_000_000_000, code: 'x' } }),
  },
  {
    route: 'POST /api/journals/:slug/auth/login',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.loginFailed',
    request: () => ({
      url: '/api/journals/general/auth/login',
      body: { email: 'nobody@example.org', password: 'Wrong-pass-1' },
    }),
  },
  {
    route: 'POST /api/auth/logout',
    allow: 'everyone',
    ok: 200,
    endsSession: true,
    request: () => ({ url: '/api/auth/logout', body: {} }),
  },
  {
    route: 'POST /api/journals/:slug/auth/forgot',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha'],
    request: () => ({ url: '/api/journals/general/auth/forgot', body: { email: 'nobody@example.org' } }),
  },
  {
    route: 'POST /api/auth/reset',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'messages.resetInvalid',
    request: () => ({
      url: '/api/auth/reset',
      body: { code: 'x', email: 'nobody@example.org', password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' },
    }),
  },
  {
    route: 'GET /api/journals/:slug/profile',
    allow: 'signedIn',
    ok: 200,
    request: get('/api/journals/general/profile'),
  },
  {
    route: 'PUT /api/journals/:slug/profile',
    allow: 'signedIn',
    ok: 200,
    // A signed-in caller saves their own profile as it is; a guest sends a complete body too.
    request: async ({ client, caller, generalSpecialization }) => {
      const current = caller === 'guest' ? null : (await client.get('/api/journals/general/profile')).body;
      return {
        url: '/api/journals/general/profile',
        body: {
          fullName: current?.fullName ?? 'Guest Person',
          nameOnPaper: current?.nameOnPaper || 'Guest Person',
          phone: current?.phone ?? '',
          jobTitle: current?.jobTitle || 'Visitor',
          workPlace: current?.workPlace || 'Somewhere',
          specializations: current?.specializations?.length ? current.specializations : [generalSpecialization],
          personalKeywords: current?.personalKeywords ?? [],
          availableAsReviewer: current?.availableAsReviewer ?? false,
        },
      };
    },
  },
  // ORCID
  {
    route: 'GET /api/journals/:slug/auth/orcid',
    allow: 'everyone',
    ok: 302,
    request: get('/api/journals/general/auth/orcid'),
  },
  {
    route: 'GET /api/auth/orcid/callback',
    allow: 'everyone',
    ok: 302,
    request: get('/api/auth/orcid/callback?code=x'),
  },
  {
    route: 'POST /api/journals/:slug/auth/orcid/register',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha', 'Email', 'FullName', 'Password', 'PasswordConfirmation', 'Specializations', 'Ticket'],
    request: () => ({ url: '/api/journals/general/auth/orcid/register', body: {} }),
  },
  // Connecting ORCID (decision 0012): a top-level navigation, so a guest is sent to the journal's login, not a 401.
  {
    route: 'GET /api/journals/:slug/profile/orcid/connect',
    allow: 'everyone',
    ok: 302,
    request: get('/api/journals/general/profile/orcid/connect'),
    after: async ({ caller, answer }) => {
      const location = String(answer.headers.location);
      if (caller === 'guest') expect(location).toBe('/general/?login=required');
      else expect(location, caller).toContain('/oauth/authorize?');
    },
  },
  {
    route: 'DELETE /api/journals/:slug/profile/orcid',
    allow: 'signedIn',
    ok: 200,
    request: get('/api/journals/general/profile/orcid'),
  },
];
