import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate } from './test-database';

export default async function setup(project: TestProject) {
  const { file, cleanup } = await preparePgliteTemplate();
  project.provide('pgliteTemplate', file);
  return cleanup;
}
