import type { TestProject } from 'vitest/node';
import { newTemplateName, preparePostgresTemplate } from './test-database';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
  const name = newTemplateName();
  project.provide('postgresTemplate', name);
  return preparePostgresTemplate(url, name);
}
