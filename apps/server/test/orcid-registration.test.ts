import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../src/features/mail/bulk-mail.service';
import { invitationSignature } from '../src/features/reviewing/invitation-links';
import { expectError } from './harness';
import {
  app,
  ethicsSpecialization,
  newOrcid,
  ORCID_REGISTER,
  orcidRegistration,
  ticketFor,
  authorize,
  useOrcidApp,
  userTotal,
} from './orcid-setup';

/** ORCID registration (spec 03 §5): registering with the ticket of an ORCID iD no account holds. */

useOrcidApp();

describe('ORCID registration (spec 03 §5)', () => {
  it('refuses a forged ticket with 400 and writes nothing', async () => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Real' });
    const [body, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, orcid: '0000-0001-2345-6789' })).toString('base64url');
    const client = app.client();
    const before = await userTotal();
    for (const forged of [`${forgedBody}.${signature}`, 'not-a-ticket', `${body}.`]) {
      const answer = await client.post(ORCID_REGISTER, await orcidRegistration(client, forged));
      expectError(answer, 400, 'validation', 'orcid.failed');
    }
    expect(await userTotal()).toBe(before);
  });

  it('refuses a token signed for another purpose (an unsubscribe link, an ORCID state) as a ticket, writing nothing', async () => {
    const client = app.client();
    const state = (await authorize(client, { orcid: newOrcid(), name: 'State' })).searchParams.get('state')!;
    const others = [
      // The bulk-mail unsubscribe link's token: signed with the same secret, valid for years.
      unsubscribeToken(app.deps, 1, 'someone@general.test'),
      invitationSignature(app.deps.config.SECRET, { id: 1, reviewerId: 2, paperId: 3 }),
      state,
    ];
    const before = await userTotal();
    for (const other of others) {
      const answer = await client.post(ORCID_REGISTER, await orcidRegistration(client, other));
      expectError(answer, 400, 'validation', 'orcid.failed');
    }
    expect(await userTotal()).toBe(before);
  });

  it('answers 409 orcid.orcid when the ORCID iD is already linked to an account', async () => {
    const identity = { orcid: newOrcid(), name: 'Twice' };
    const ticket = await ticketFor(identity);
    const client = app.client();
    expect((await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket))).status).toBe(201);
    const before = await userTotal();
    const again = await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket));
    expectError(again, 409, 'conflict', 'orcid.orcid');
    expect(await userTotal()).toBe(before);
  });

  it('answers orcid.emailUsed with Email: validation.email_taken for a used e-mail', async () => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Used Mail' });
    const client = app.client();
    const before = await userTotal();
    const answer = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, ticket, { email: 'REVIEWER@general.test' }),
    );
    expectError(answer, 400, 'validation', 'orcid.emailUsed', { Email: ['validation.email_taken'] });
    expect(await userTotal()).toBe(before);
  });

  const invalid: [string, Record<string, unknown> | (() => Record<string, unknown>), Record<string, string[]>][] = [
    ['no captcha', { captcha: undefined }, { Captcha: ['validation.recaptcha'] }],
    ['a forged captcha', { captcha: 'forged' }, { Captcha: ['validation.recaptcha_invalid'] }],
    ['no full name', { fullName: ' ' }, { FullName: ['validation.fullName_required'] }],
    ['an invalid e-mail', { email: 'nope' }, { Email: ['validation.valid_email'] }],
    [
      'a password of symbols only',
      { password: '********', passwordConfirmation: '********' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'a different confirmation',
      { passwordConfirmation: 'Other-pass-1' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    [
      "another journal's specialization",
      () => ({ specializations: [ethicsSpecialization] }),
      { Specializations: ['validation.unknown_specialization'] },
    ],
  ];

  it.each(invalid)('refuses %s with the field error and writes nothing', async (_name, overrides, errors) => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Invalid' });
    const client = app.client();
    const before = await userTotal();
    const fields = typeof overrides === 'function' ? overrides() : overrides;
    expectError(
      await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket, fields)),
      400,
      'validation',
      'errors.validation',
      errors,
    );
    expect(await userTotal()).toBe(before);
  });

  it('refuses a replayed captcha', async () => {
    const client = app.client();
    const captcha = await client.captcha();
    const first = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, await ticketFor({ orcid: newOrcid(), name: 'A' }), { captcha }),
    );
    expect(first.status).toBe(201);
    const again = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, await ticketFor({ orcid: newOrcid(), name: 'B' }), { captcha }),
    );
    expectError(again, 400, 'validation', 'errors.validation', { Captcha: ['validation.recaptcha_invalid'] });
  });
});
