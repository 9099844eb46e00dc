import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { captchaUses } from '../../db/schema';
import { FieldError } from '../../lib/errors';

/** ALTCHA proof of work (DESIGN §6): self-hosted, works offline; each solution is accepted once. */
const CHALLENGE_TTL_SECONDS = 600;

export async function newCaptchaChallenge(config: Config) {
  const cost = config.CAPTCHA_COST;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(cost / 2), cost),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: config.SECRET,
    hmacKeySignatureSecret: `${config.SECRET}:key`,
  });
}

/** Throws the captcha field error unless `payload` (the widget's base64 value) solves a fresh challenge. */
export async function verifyCaptcha(db: Database, config: Config, payload: string): Promise<void> {
  let parsed: {
    challenge: Parameters<typeof verifySolution>[0]['challenge'];
    solution: Parameters<typeof verifySolution>[0]['solution'];
  };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw FieldError('Captcha', 'validation.recaptcha_invalid');
  }
  // Valid JSON that is not an object (`null`, a number) is as forged as broken JSON.
  if (!parsed || typeof parsed !== 'object') throw FieldError('Captcha', 'validation.recaptcha_invalid');
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: config.SECRET,
    hmacKeySignatureSecret: `${config.SECRET}:key`,
  }).catch(() => ({ verified: false }));
  const signature = parsed.challenge?.signature;
  if (!result.verified || !signature) throw FieldError('Captcha', 'validation.recaptcha_invalid');

  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
  const inserted = await db
    .insert(captchaUses)
    .values({ signature, expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) })
    .onConflictDoNothing()
    .returning({ signature: captchaUses.signature });
  if (inserted.length === 0) throw FieldError('Captcha', 'validation.recaptcha_invalid');
}
