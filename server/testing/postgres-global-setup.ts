import { preparePostgresTemplate } from './test-database';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
  return preparePostgresTemplate(url);
}
