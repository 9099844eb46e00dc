import { describe, expect, it } from 'vitest';
import { app, LOGIN, PROFILE, REGISTER, useAccountsApp, userTotal } from './accounts-setup';
import { createActiveUser, expectError, registration, setCookies } from './harness';
import { multipartForm } from './papers';

/** Accounts API (DESIGN §6): bad input on the accounts routes never answers 500. */

useAccountsApp();

describe('bad input never answers 500', () => {
  const json = { 'content-type': 'application/json' };

  it('malformed JSON answers the 400 envelope on every JSON route', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const routes: [string, string][] = [
      ['POST', REGISTER],
      ['POST', LOGIN],
      ['POST', '/api/journals/general/auth/resend'],
      ['POST', '/api/journals/general/auth/forgot'],
      ['POST', '/api/auth/activate'],
      ['POST', '/api/auth/reset'],
      ['POST', '/api/journals/general/auth/orcid/register'],
      ['PUT', PROFILE],
    ];
    for (const [method, url] of routes) {
      for (const payload of ['{"email":', '{email: "x"}', '[1,2', '', 'nul']) {
        const answer = await client.request(method, url, payload, json);
        expect({ url, payload, status: answer.status }).toEqual({ url, payload, status: 400 });
        expect(answer.body).toMatchObject({ code: 'validation', messageKey: 'errors.validation' });
      }
      for (const payload of [
        'null',
        '[]',
        '"text"',
        '42',
        '{"email":{},"password":[],"userId":{},"code":7,"fullName":true}',
      ]) {
        const answer = await client.request(method, url, payload, json);
        expect({ url, payload, status: answer.status }).toEqual({ url, payload, status: 400 });
        expect(answer.body).toMatchObject({ code: 'validation', messageKey: 'errors.validation' });
        expect(answer.body.errors).toBeTypeOf('object');
      }
    }
  });

  it('text the database cannot store (a NUL character) or ids beyond its range answer 400', async () => {
    const client = app.client();
    const before = await userTotal();
    expectError(
      await client.post(LOGIN, { email: 'a\u0000b@example.org', password: 'x' }),
      400,
      'validation',
      'errors.validation',
    );
    expectError(
      await client.post('/api/journals/general/auth/resend', { email: 'a\u0000b@example.org' }),
      400,
      'validation',
      'errors.validation',
    );
    const register = await client.post(REGISTER, await registration(client, { fullName: 'Nul\u0000Name' }));
    expectError(register, 400, 'validation', 'errors.validation');
    const spec = await client.post(REGISTER, await registration(client, { specializations: [3_000_000_000] }));
    expect(spec.status).toBe(400);
    expect(spec.body.code).toBe('validation');
    expect(await userTotal()).toBe(before);
    expectError(await client.get('/api/journals/gen%00eral'), 400, 'validation', 'errors.validation');
  });

  it('a form-encoded body is refused by the JSON endpoints with 415 errors.unsupportedMediaType', async () => {
    const client = app.client();
    const answer = await client.request('POST', LOGIN, 'email=researcher%40general.test&password=Demo-pass-1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectError(answer, 415, 'unsupportedMediaType', 'errors.unsupportedMediaType');
    expect(setCookies(answer).filter((cookie) => cookie.startsWith('sid='))).toEqual([]);
  });

  it("a multipart body is refused with 415 by a route that takes no file, in the reader's language", async () => {
    // Only the routes that take files parse multipart (decision 0065); the sign-in is not one of them.
    const client = app.client();
    client.language = 'ar';
    const { payload, headers } = multipartForm({ email: 'researcher@general.test', password: 'Demo-pass-1' });
    const answer = await client.request('POST', LOGIN, payload, headers);
    expectError(answer, 415, 'unsupportedMediaType', 'errors.unsupportedMediaType');
    expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    expect(setCookies(answer).filter((cookie) => cookie.startsWith('sid='))).toEqual([]);
  });
});
