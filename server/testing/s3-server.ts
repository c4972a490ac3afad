import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

export type TestS3Server = {
  /** The endpoint, e.g. http://127.0.0.1:43121. */
  endpoint: string;
  /** S3 settings for `bucket` on this server (path style, s3rver's fixed keys). */
  configFor(bucket: string): S3Config;
  close(): Promise<void>;
};

/**
 * An S3-compatible server (s3rver) on a random loopback port, keeping its objects in a new
 * temporary folder, with `buckets` created. close() stops it and removes the folder.
 */
export async function startS3Server(buckets: readonly string[]): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    configFor: (bucket) => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      // s3rver checks signatures made with these fixed keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
