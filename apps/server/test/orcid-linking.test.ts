import { translate } from '@journals/core/i18n/index';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createActiveUser, expectError, type TestClient } from './harness';
import {
  app,
  authorize,
  expectResult,
  type Identity,
  newOrcid,
  ORCID_REGISTER,
  orcidRegistration,
  PUBLIC_URL,
  signInWithOrcid,
  useOrcidApp,
} from './orcid-setup';

/** Linking an ORCID iD to an account (docs/decisions/0012-orcid-linking.md): connect through ORCID, disconnect. */

useOrcidApp();

describe('linking an ORCID iD (docs/decisions/0012-orcid-linking.md)', () => {
  const PROFILE = '/api/journals/general/profile';
  const CONNECT = '/api/journals/general/profile/orcid/connect';
  const PROFILE_PAGE = '/general/dashboard/profile';

  async function signedInAccount() {
    const account = await createActiveUser(app);
    const client = app.client();
    await client.login(account.email, account.password);
    return { ...account, client };
  }

  /** Connects ORCID from the profile, the whole round trip; answers where the browser is sent at the end. */
  async function connectOrcid(client: TestClient, identity: Identity) {
    const callback = await authorize(client, identity, 'general', CONNECT);
    const result = await client.get(callback.pathname + callback.search);
    expect(result.status).toBe(302);
    return new URL(String(result.headers.location), PUBLIC_URL);
  }

  const linkedOrcid = async (client: TestClient) => (await client.get(PROFILE)).body.orcid;
  const disconnect = (client: TestClient) => client.request('DELETE', `${PROFILE}/orcid`);

  it("an iD typed into someone else's profile neither links nor signs its owner in there: the owner registers with it", async () => {
    const attacker = await signedInAccount();
    const victim = { orcid: newOrcid(), name: 'Victim Owner' };
    const profile = (await attacker.client.get(PROFILE)).body;
    const saved = await attacker.client.put(PROFILE, { ...profile, workPlace: 'Nile University', orcid: victim.orcid });
    expect(saved.body.messageKey).toBe('messages.profileSaved');
    expect(await linkedOrcid(attacker.client)).toBeNull();

    const browser = app.client();
    const location = await signInWithOrcid(browser, victim);
    expectResult(location, '/general/auth/orcid/register', { message: 'emailIsRequired', orcid: victim.orcid });
    expect((await browser.get('/api/journals/general/me')).body.user).toBeNull();

    const body = await orcidRegistration(browser, location.searchParams.get('ticket')!);
    expect((await browser.post(ORCID_REGISTER, body)).status).toBe(201);
    const [registered] = await app.deps.db.select().from(users).where(eq(users.email, body.email));
    expect(registered?.orcid).toBe(victim.orcid);
    expect(await linkedOrcid(attacker.client)).toBeNull();
  });

  it('connect links the iD ORCID proved: the profile shows it and ORCID sign-in opens this account', async () => {
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Connected' };
    expectResult(await connectOrcid(account.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    expect(await linkedOrcid(account.client)).toBe(identity.orcid);
    expect(account.client.cookie('orcid_nonce')).toBeUndefined();

    const browser = app.client();
    expectResult(await signInWithOrcid(browser, identity), '/general/auth/orcid/login', { message: 'successLogin' });
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(account.email);
  });

  it('connect with an iD linked to another account answers taken and changes nothing', async () => {
    const owner = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Owner' };
    expectResult(await connectOrcid(owner.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    const other = await signedInAccount();
    expectResult(await connectOrcid(other.client, identity), PROFILE_PAGE, { orcid: 'taken' });
    expect(await linkedOrcid(other.client)).toBeNull();
    expect(await linkedOrcid(owner.client)).toBe(identity.orcid);
    const browser = app.client();
    await signInWithOrcid(browser, identity);
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(owner.email);
  });

  it('a callback whose state names another user links nothing, to either account', async () => {
    const first = await signedInAccount();
    const second = await createActiveUser(app);
    // The first user starts connecting; the same browser (with its nonce) is then signed in as someone else.
    const callback = await authorize(first.client, { orcid: newOrcid(), name: 'Switched' }, 'general', CONNECT);
    await first.client.login(second.email, second.password);
    const result = await first.client.get(callback.pathname + callback.search);
    expectResult(new URL(String(result.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect(await linkedOrcid(first.client)).toBeNull();
    const [firstRow] = await app.deps.db.select().from(users).where(eq(users.email, first.email));
    expect(firstRow?.orcid).toBeNull();

    // Signed out before coming back from ORCID: no link, and no session either.
    const leaving = await signedInAccount();
    const again = await authorize(leaving.client, { orcid: newOrcid(), name: 'Signed Out' }, 'general', CONNECT);
    await leaving.client.post('/api/auth/logout');
    const signedOut = await leaving.client.get(again.pathname + again.search);
    expectResult(new URL(String(signedOut.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect((await leaving.client.get('/api/journals/general/me')).body.user).toBeNull();
    const [leavingRow] = await app.deps.db.select().from(users).where(eq(users.email, leaving.email));
    expect(leavingRow?.orcid).toBeNull();
  });

  it('sends a guest who starts connecting to the journal login, without going to ORCID', async () => {
    const guest = app.client();
    const answer = await guest.get(CONNECT);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/general/?login=required');
    expect(guest.cookie('orcid_nonce')).toBeUndefined();
  });

  it('answers a forged connect state with the profile page and orcid=failed', async () => {
    const account = await signedInAccount();
    const callback = await authorize(account.client, { orcid: newOrcid(), name: 'Forged' }, 'general', CONNECT);
    const [body, signature] = callback.searchParams.get('state')!.split('.');
    callback.searchParams.set('state', `${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`);
    const result = await account.client.get(callback.pathname + callback.search);
    expectResult(new URL(String(result.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect(await linkedOrcid(account.client)).toBeNull();
  });

  it('disconnect unlinks the iD: the profile shows none and ORCID sign-in goes to registration', async () => {
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Leaving' };
    await connectOrcid(account.client, identity);
    account.client.language = 'ar';
    const answer = await disconnect(account.client);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ messageKey: 'orcid.disconnected', message: translate('ar', 'orcid.disconnected') });
    expect(await linkedOrcid(account.client)).toBeNull();
    expectResult(await signInWithOrcid(app.client(), identity), '/general/auth/orcid/register', {
      orcid: identity.orcid,
    });
  });

  it('disconnect needs a signed-in user and the CSRF header', async () => {
    expectError(await disconnect(app.client()), 401, 'unauthenticated', 'errors.unauthenticated');
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Kept' };
    await connectOrcid(account.client, identity);
    const forged = await account.client.request('DELETE', `${PROFILE}/orcid`, undefined, { 'x-csrf-token': 'forged' });
    expectError(forged, 403, 'forbidden', 'errors.csrf');
    expect(await linkedOrcid(account.client)).toBe(identity.orcid);
  });

  it('an iD is on one account only: another account can connect it once its holder disconnected', async () => {
    const holder = await signedInAccount();
    const next = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Moving' };
    await connectOrcid(holder.client, identity);
    expectResult(await connectOrcid(next.client, identity), PROFILE_PAGE, { orcid: 'taken' });
    expect((await disconnect(holder.client)).status).toBe(200);
    expectResult(await connectOrcid(next.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    expect(await linkedOrcid(holder.client)).toBeNull();
    expect(await linkedOrcid(next.client)).toBe(identity.orcid);
    const [row] = await app.deps.db.select({ n: count() }).from(users).where(eq(users.orcid, identity.orcid));
    expect(row!.n).toBe(1);
    const browser = app.client();
    await signInWithOrcid(browser, identity);
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(next.email);
  });
});
