import { hash, verify } from '@node-rs/argon2';

/** argon2id (DESIGN §6). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

// A hash of a random password: verifying against it costs the same time as a real check, so a login for an
// unknown e-mail answers as slowly as one for a known e-mail.
const decoy = hashPassword(`decoy-${Math.random()}`);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoy), password);
  } catch {
    return false;
  }
}
