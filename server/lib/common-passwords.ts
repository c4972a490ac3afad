import fs from 'node:fs';
import { fromRepoRoot } from '../paths';

const commonPasswordsFile = fromRepoRoot('server/lib/common-passwords.txt');
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
