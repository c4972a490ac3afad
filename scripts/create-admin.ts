/**
 * `npm run create-admin -- --email you@example.com --password '…'` makes sure that
 * administrator exists (ADMIN_EMAIL and ADMIN_PASSWORD work too). An existing account is
 * promoted and keeps its password.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField, passwordField } from '#common/auth';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/open';
import { ensureAdministrator } from '../server/features/auth/service';
import { isCommonPassword } from '../server/lib/passwords';
import { serverQueues } from '../server/features';

const config = loadConfig();
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
const input = z
  .object({
    email: emailField,
    password: passwordField.refine((password) => !isCommonPassword(password), {
      message: 'is one of the 10 000 most common passwords; choose another',
    }),
  })
  .safeParse({
    email: values.email ?? config.adminEmail,
    password: values.password ?? config.adminPassword,
  });
if (!input.success) {
  console.error(
    'Usage: npm run create-admin -- --email you@example.com --password "at least 8 characters"',
  );
  for (const issue of input.error.issues)
    console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}

const database = await openConfiguredDatabase(
  config,
  (error) => console.error(error),
  serverQueues(),
);
try {
  const outcome = await ensureAdministrator(database.db, input.data.email, input.data.password);
  console.log(
    {
      created: `Administrator ${input.data.email} created.`,
      promoted: `${input.data.email} already had an account; it is now an administrator (password unchanged).`,
      unchanged: `${input.data.email} is already an administrator.`,
    }[outcome],
  );
} finally {
  await database.close();
}
