import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (docs/design.md): 19 MiB, 2 passes, 1 lane; about 20 ms a hash here.
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checking a password against this when the account does not exist keeps the answer's timing
 * the same for known and unknown accounts.
 */
export const dummyPasswordHash = await hashPassword('abode-timing-equaliser-not-a-password');

// The common-password list lives apart so that config.ts can use it without hashing anything.
export { commonPasswordList, isCommonPassword } from './common-passwords';
