import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, users } from '../src/db/schema';
import { expectError, lastMailTo, registration } from './harness';
import { app, general, pressButton, setSettings, usePaymentsApp } from './payments-setup';

/** Payments through the sandbox gateway (DESIGN §7, decision 0006): the registration fee. */

usePaymentsApp();

describe('paying the registration fee', () => {
  it('the register answer carries the payment page; paying it lets the activated account sign in', async () => {
    await setSettings(general.id, { atRegister: true, atRegisterPrice: '150.00' });
    const client = app.client();
    const body = await registration(client);
    const registered = await client.post('/api/journals/general/auth/register', body);
    expect(registered.status).toBe(201);
    expect(registered.body.paymentUrl).toBe(
      `http://journals.test/pay/sandbox/${registered.body.paymentReference}?lang=en`,
    );
    const email = String(body.email).toLowerCase();
    const [user] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ registrationPaid: false });

    // Activated but unpaid: no sign-in yet.
    const { link } = await lastMailTo(app, email);
    await client.post('/api/auth/activate', {
      userId: Number(link!.searchParams.get('userId')),
      code: link!.searchParams.get('code'),
    });
    const refused = await client.post('/api/journals/general/auth/login', { email, password: body.password });
    expect(refused.body.messageKey).toBe('errors.accountAwaitingPayment');

    // Later (the popup was closed): the account proves itself with its credentials and resumes the same payment.
    const resumed = await client.post('/api/journals/general/payments', {
      purpose: 'register',
      email,
      password: body.password,
    });
    expect(resumed.body).toEqual({
      paymentUrl: registered.body.paymentUrl,
      reference: registered.body.paymentReference,
    });
    expectError(
      await client.post('/api/journals/general/payments', { purpose: 'register', email, password: 'Wrong-pass-1' }),
      400,
      'validation',
      'errors.loginFailed',
    );
    expect((await client.get(`/api/journals/general/payments/${resumed.body.reference}`)).body.state).toBe('pending');

    const done = await pressButton(client, registered.body.paymentUrl);
    expect(done.body).toContain('Payment complete');
    // Back to the journal, where the login dialog opens: the registration fee has no paper page.
    expect(done.body).toContain('<a class="back" href="http://journals.test/general/?login"');
    const [after] = await app.deps.db.select().from(users).where(eq(users.id, user!.id));
    expect(after).toMatchObject({ registrationPaid: true });
    expect((await client.post('/api/journals/general/auth/login', { email, password: body.password })).status).toBe(
      200,
    );
    expectError(
      await app
        .client()
        .post('/api/journals/general/payments', { purpose: 'register', email, password: body.password }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    const rows = await app.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user!.id), eq(payments.purpose, 'register')));
    expect(rows).toHaveLength(1);
  });

  it('no payment page when the journal charges nothing at registration', async () => {
    const client = app.client();
    const registered = await client.post('/api/journals/general/auth/register', await registration(client));
    expect(registered.status).toBe(201);
    expect(registered.body.paymentUrl).toBeUndefined();
  });
});
