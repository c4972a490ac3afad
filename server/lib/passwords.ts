import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (DESIGN.md): 19 MiB, 2 passes, 1 lane; about 20 ms a hash here.
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

const commonPasswordsFile = new URL('./common-passwords.txt', import.meta.url);
let commonPasswords: Set<string> | undefined;

/** The 10 000 most common passwords, lower-cased, read on first use (the file's first line is its source). */
export function commonPasswordList(): ReadonlySet<string> {
  if (!commonPasswords) {
    const lines = fs.readFileSync(commonPasswordsFile, 'utf8').split('\n').slice(1);
    commonPasswords = new Set(
      lines.filter((line) => line !== '').map((line) => line.toLowerCase()),
    );
  }
  return commonPasswords;
}

/**
 * Whether a password is among the 10 000 most common ones (case-insensitive), which sign-up and
 * password changes refuse (message `passwordTooCommon`). Length is checked separately.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswordList().has(password.toLowerCase());
}
