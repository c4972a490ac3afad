import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { checkBucket, s3Client, s3Storage } from './s3-storage';
import { openStorage } from './open-storage';
import { localStorage, type FileStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-storage-'));
let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server(['abode-contract', 'abode-spy']);
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let sourceCount = 0;
/** A file on the local disk, as an upload or the video quarantine leaves one. */
function localFile(data: string | Buffer): string {
  sourceCount += 1;
  const file = path.join(root, `source-${sourceCount}.tmp`);
  fs.writeFileSync(file, data);
  return file;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// One contract, every driver: what features/ relies on (uploads, files route, videos, seed).
// `atomicHere`: whether the server under test makes writes atomic. The local driver does
// (temporary name, then rename). S3's PutObject is atomic (AWS: a partial object is never
// added; a read gets the old object or the whole new one), but s3rver, the stand-in the tests
// run, writes the object file in place, so a reader racing a write can see it cut short: a
// property of the test server, not of the driver, which sends exactly one PutObject.
const drivers: { name: string; make: () => FileStorage; atomicHere: boolean }[] = [
  { name: 'local', make: () => localStorage(path.join(root, 'files')), atomicHere: true },
  { name: 's3', make: () => s3Storage(s3.configFor('abode-contract')), atomicHere: false },
];

describe.each(drivers)('$name storage', ({ make, atomicHere }) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('moves a local file in (putFile), states its size and streams a byte range', async () => {
    const source = localFile('0123456789');
    await storage.putFile('v1.mp4', source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await storage.stat('v1.mp4')).toEqual({ size: 10 });
    const whole = await storage.open('v1.mp4');
    expect(whole?.size).toBe(10);
    expect(await text(whole!.stream)).toBe('0123456789');
    const part = await storage.open('v1.mp4', { start: 2, end: 4 });
    expect(part?.size).toBe(10);
    expect(await text(part!.stream)).toBe('234');
    const last = await storage.open('v1.mp4', { start: 9, end: 9 });
    expect(await text(last!.stream)).toBe('9');
  });

  it('writes a buffer (put), replaces a file whole, and deletes it', async () => {
    const photo = randomBytes(4096);
    await storage.put('abc_1-640.webp', photo);
    expect(await storage.stat('abc_1-640.webp')).toEqual({ size: 4096 });
    expect(sha256(await buffer((await storage.open('abc_1-640.webp'))!.stream))).toBe(
      sha256(photo),
    );
    await storage.put('abc_1-640.webp', Buffer.from('short'));
    const replaced = await storage.open('abc_1-640.webp');
    expect(replaced?.size).toBe(5);
    expect(await text(replaced!.stream)).toBe('short');
    await storage.delete('abc_1-640.webp');
    expect(await storage.stat('abc_1-640.webp')).toBeNull();
    expect(await storage.open('abc_1-640.webp')).toBeNull();
    // Deleting what is not there is not an error (a sweep that runs twice).
    await expect(storage.delete('abc_1-640.webp')).resolves.toBeUndefined();
  });

  it('answers null for a missing file and refuses unsafe names', async () => {
    expect(await storage.stat('missing.mp4')).toBeNull();
    expect(await storage.open('missing.mp4')).toBeNull();
    expect(await storage.open('missing.mp4', { start: 0, end: 3 })).toBeNull();
    await expect(storage.putFile('../escape.mp4', path.join(root, 'x'))).rejects.toThrow(/Unsafe/);
    await expect(storage.stat('../../etc/passwd')).rejects.toThrow(/Unsafe/);
    await expect(storage.open('a/b.webp')).rejects.toThrow(/Unsafe/);
    await expect(storage.put('Upper.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(storage.delete('..')).rejects.toThrow(/Unsafe/);
  });

  it('moves a 24 MB file in whole and streams it back byte for byte', async () => {
    const data = randomBytes(24 * 1024 * 1024);
    const source = localFile(data);
    await storage.putFile('big.mp4', source);
    expect(fs.existsSync(source)).toBe(false);
    const file = await storage.open('big.mp4');
    expect(file?.size).toBe(data.length);
    expect(sha256(await buffer(file!.stream))).toBe(sha256(data));
    const tail = await storage.open('big.mp4', { start: data.length - 100, end: data.length - 1 });
    expect((await buffer(tail!.stream)).equals(data.subarray(data.length - 100))).toBe(true);
    await storage.delete('big.mp4');
  });

  it.skipIf(!atomicHere)(
    'never shows a reader a half-written file: the old one or the whole new one',
    async () => {
      const before = Buffer.alloc(1024 * 1024, 1);
      const after = Buffer.alloc(8 * 1024 * 1024, 2);
      await storage.put('swap.mp4', before);
      const writing = storage.putFile('swap.mp4', localFile(after));
      let done = false;
      void writing.finally(() => {
        done = true;
      });
      const seen = new Set<string>();
      let reads = 0;
      while (!done || reads < 3) {
        reads += 1;
        const file = await storage.open('swap.mp4');
        expect(file).not.toBeNull();
        const bytes = await buffer(file!.stream);
        expect(bytes.length).toBe(file!.size);
        const hash = sha256(bytes);
        expect([sha256(before), sha256(after)]).toContain(hash);
        seen.add(hash);
      }
      await writing;
      expect(seen.has(sha256(after))).toBe(true);
      expect(await storage.stat('swap.mp4')).toEqual({ size: after.length });
      await storage.delete('swap.mp4');
    },
  );
});

describe('local storage at start-up', () => {
  // A server killed during a write leaves its temporary file (scripts/resilience/sigkill.ts).
  it('deletes temporary files left by a killed server, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(root, 'restart-'));
    const hourAndMore = (Date.now() - 61 * 60_000) / 1000;
    const write = (name: string, old: boolean) => {
      fs.writeFileSync(path.join(dir, name), 'x');
      if (old) fs.utimesSync(path.join(dir, name), hourAndMore, hourAndMore);
    };
    write('p1-800.webp.0123456789ab.tmp', true);
    write('p2-800.webp.a1b2c3d4e5f6.tmp', false); // perhaps another process writing right now
    write('p3-800.webp', true);
    write('notes.tmp', true); // not a name storage writes
    localStorage(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'notes.tmp',
      'p2-800.webp.a1b2c3d4e5f6.tmp',
      'p3-800.webp',
    ]);
  });
});

describe('s3 storage', () => {
  it('streams putFile from disk: the request body is a file stream, never the whole file', async () => {
    const client = s3Client(s3.configFor('abode-spy'));
    const send = vi.spyOn(client, 'send');
    const storage = s3Storage(s3.configFor('abode-spy'), { client });
    await storage.putFile('streamed.mp4', localFile(randomBytes(2 * 1024 * 1024)));
    const put = send.mock.calls
      .map(([command]) => command)
      .find((c) => c instanceof PutObjectCommand);
    expect(put).toBeInstanceOf(PutObjectCommand);
    const input = (put as PutObjectCommand).input;
    expect(input.Body).toBeInstanceOf(Readable);
    expect(Buffer.isBuffer(input.Body)).toBe(false);
    expect(input.ContentLength).toBe(2 * 1024 * 1024);
    // One PutObject, no multipart upload whose parts could be seen or left behind.
    expect(send.mock.calls).toHaveLength(1);
    expect(await storage.stat('streamed.mp4')).toEqual({ size: 2 * 1024 * 1024 });
  });

  it('keeps the local file when the store refuses it (a bucket that does not exist)', async () => {
    const storage = s3Storage(s3.configFor('no-such-bucket'));
    const source = localFile('video bytes');
    await expect(storage.putFile('lost.mp4', source)).rejects.toThrow();
    expect(fs.existsSync(source)).toBe(true);
  });

  it('answers 503 (AppError unavailable), not 500, when the store cannot be reached', async () => {
    const told: unknown[] = [];
    const config = { ...s3.configFor('abode-contract'), endpoint: 'http://127.0.0.1:1' };
    const storage = s3Storage(config, { onUnavailable: (error) => told.push(error) });
    for (const attempt of [
      () => storage.stat('v1.mp4'),
      () => storage.open('v1.mp4'),
      () => storage.put('v2.mp4', Buffer.from('x')),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ name: 'AppError', statusCode: 503 });
    }
    expect(told).toHaveLength(3);
  });

  it('checks the bucket at start-up, naming it and the reason when it cannot be used', async () => {
    await expect(checkBucket(s3.configFor('abode-contract'))).resolves.toBeUndefined();
    await expect(checkBucket(s3.configFor('no-such-bucket'))).rejects.toThrow(
      `STORAGE=s3: cannot use bucket "no-such-bucket" at ${s3.endpoint} (us-east-1): no such bucket`,
    );
    const offline = { ...s3.configFor('abode-contract'), endpoint: 'http://127.0.0.1:1' };
    await expect(checkBucket(offline)).rejects.toThrow(/at http:\/\/127\.0\.0\.1:1 .*ECONNREFUSED/);
  });

  it('is what openStorage gives for STORAGE=s3', async () => {
    const storage = openStorage({
      storage: 's3',
      dataDir: root,
      s3: s3.configFor('abode-contract'),
    });
    await storage.put('opened_1-320.webp', Buffer.from('hello'));
    expect(await storage.stat('opened_1-320.webp')).toEqual({ size: 5 });
    expect(fs.existsSync(path.join(root, 'files', 'opened_1-320.webp'))).toBe(false);
    expect(() => openStorage({ storage: 's3', dataDir: root })).toThrow(/S3_BUCKET/);
  });
});
