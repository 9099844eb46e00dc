import { ORCID_SHAPE } from '@journals/core/rules/orcid';
import type { OrcidMessage } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, databaseError } from '../../lib/errors';
import { isBannedIn } from '../../domain/journal-bans';

/** ORCID's answer to the code exchange: the iD and the public name; an e-mail only when the member shares it. */
const tokenAnswer = z.object({
  access_token: z.string(),
  orcid: z.string().regex(ORCID_SHAPE),
  name: z.string().optional().default(''),
  email: z.string().optional(),
});
export type OrcidIdentity = { orcid: string; name: string; email?: string };

export const orcidCallbackUrl = (config: Config) => `${config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/orcid/callback`;

export function authorizeUrl(config: Config, state: string): string {
  const url = new URL('/oauth/authorize', config.ORCID_BASE_URL);
  url.search = new URLSearchParams({
    client_id: config.ORCID_CLIENT_ID,
    response_type: 'code',
    scope: '/authenticate',
    redirect_uri: orcidCallbackUrl(config),
    state,
  }).toString();
  return url.toString();
}

export async function exchangeCode(config: Config, code: string): Promise<OrcidIdentity> {
  const response = await fetch(new URL('/oauth/token', config.ORCID_BASE_URL), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: config.ORCID_CLIENT_ID,
      client_secret: config.ORCID_CLIENT_SECRET,
      grant_type: 'authorization_code',
      code,
      redirect_uri: orcidCallbackUrl(config),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new AppError('validation', 'orcid.failed');
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError('validation', 'orcid.failed');
  return { orcid: parsed.data.orcid, name: parsed.data.name, email: parsed.data.email?.toLowerCase() };
}

export type SignInOutcome =
  | { kind: 'signedIn'; userId: number }
  | { kind: 'refused'; message: OrcidMessage }
  | { kind: 'register'; message: 'register' | 'emailIsRequired' };

/** What an ORCID identity means here (spec 03 §4): sign in, a refusal with its reason, or go register. */
export async function signInOutcome(
  { db }: Deps,
  identity: OrcidIdentity,
  journalSlug: string,
): Promise<SignInOutcome> {
  const [linked] = await db.select().from(users).where(eq(users.orcid, identity.orcid));
  if (linked) {
    if (linked.banned || (await isBannedIn(db, journalSlug, linked.id))) return { kind: 'refused', message: 'banned' };
    if (!linked.emailConfirmed) return { kind: 'refused', message: 'deactivated' };
    if (!linked.registrationPaid) return { kind: 'refused', message: 'paid' };
    return { kind: 'signedIn', userId: linked.id };
  }
  if (identity.email) {
    const [sameEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
    if (sameEmail) return { kind: 'refused', message: 'emailUsed' };
    return { kind: 'register', message: 'register' };
  }
  return { kind: 'register', message: 'emailIsRequired' };
}

export type ConnectOutcome = 'connected' | 'taken';

/**
 * Links an iD that ORCID has just proven to the account (docs/decisions/0012-orcid-linking.md). An iD belongs to one
 * account only: held by another one, it is `taken` and nothing changes (the unique index settles a race the same way).
 */
export async function linkOrcid({ db }: Deps, userId: number, orcid: string): Promise<ConnectOutcome> {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.orcid, orcid));
  if (holder && holder.id !== userId) return 'taken';
  try {
    await db.update(users).set({ orcid }).where(eq(users.id, userId));
  } catch (error) {
    const found = databaseError(error);
    if (found?.code === '23505' && found.constraint === 'users_orcid_unique') return 'taken';
    throw error;
  }
  return 'connected';
}

export async function unlinkOrcid({ db }: Deps, userId: number) {
  await db.update(users).set({ orcid: null }).where(eq(users.id, userId));
}
