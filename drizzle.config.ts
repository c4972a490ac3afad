import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and committed; the server applies them at
// start-up (server/db/migrate.ts), on PGlite and on PostgreSQL alike. Each feature declares
// its own tables (server/features/<feature>/schema.ts); server/db declares the platform's.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/link-schema.ts',
    './server/db/live-schema.ts',
    './server/db/notice-schema.ts',
    './server/features/*/schema.ts',
  ],
  out: './server/db/migrations',
});
