import { afterAll } from 'vitest';
import { closeFileResources } from './after-file';

// Vitest runs this before every test file, even when files share a worker's modules.
afterAll(closeFileResources);
