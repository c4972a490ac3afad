import path from 'node:path';
import type { S3Config } from '../config';
import { s3Storage, type S3StorageOptions } from './s3-storage';
import { localStorage, type FileStorage } from './storage';

/**
 * The configured storage: DATA_DIR/files, or the S3 bucket when STORAGE=s3. Its own module,
 * above both stores, so that storage.ts (the interface and the local folder) and s3-storage.ts
 * (which uses both) do not import each other.
 */
export function openStorage(
  config: { storage: 'local' | 's3'; dataDir: string; s3?: S3Config | undefined },
  s3Options: S3StorageOptions = {},
): FileStorage {
  if (config.storage === 's3') {
    // loadConfig refuses STORAGE=s3 without S3_BUCKET; this guards hand-made configs.
    if (!config.s3) throw new Error('STORAGE=s3 needs S3_BUCKET (and its S3_* settings)');
    return s3Storage(config.s3, s3Options);
  }
  return localStorage(path.join(config.dataDir, 'files'));
}
