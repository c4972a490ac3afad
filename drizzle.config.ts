import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/db/schema.ts and committed; the server applies them at
// start-up (server/db/migrate.ts), on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/trust-schema.ts',
    './server/db/money-schema.ts',
    './server/db/link-schema.ts',
    './server/db/alert-schema.ts',
  ],
  out: './server/db/migrations',
});
