import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, lastMailTo, type TestApp } from './harness';

describe('registration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('registers, activates through the mailed link and logs in', async () => {
    const client = app.client();
    const register = await client.post('/api/journals/general/auth/register', {
      fullName: 'Layla Mahmoud',
      email: 'Layla@Example.org',
      password: 'Strong-pass-1',
      passwordConfirmation: 'Strong-pass-1',
      jobTitle: 'Lecturer',
      specializations: [1],
      availableAsReviewer: true,
      captcha: await client.captcha(),
    });
    expect(register.status).toBe(201);
    expect(register.body.email).toBe('layla@example.org');

    const early = await client.post('/api/journals/general/auth/login', { email: 'layla@example.org', password: 'Strong-pass-1' });
    expect(early.body.messageKey).toBe('errors.accountNotActivated');

    const { link } = await lastMailTo(app, 'layla@example.org');
    expect(link?.pathname).toBe('/general/activate');
    const activate = await client.post('/api/auth/activate', {
      userId: Number(link!.searchParams.get('userId')),
      code: link!.searchParams.get('code'),
    });
    expect(activate.body.messageKey).toBe('messages.activated');

    const me = await client.login('layla@example.org', 'Strong-pass-1');
    expect(me.user.roles).toEqual(['researcher']);
  });
});
