import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { videos } from '../features/videos/service';
import type { ScanOutcome, VirusScanner } from '../features/videos/scanner';

/**
 * Video test material: small but real containers (file-type recognises them by content), the
 * EICAR test string that every antivirus treats as a virus, a ClamAV signature database that
 * knows only that string, and multipart bodies with fields.
 */

/** The 68-byte EICAR anti-virus test file: harmless, detected by design. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An ISO media file: an `ftyp` box of `brand`, then an `mdat` box holding `payload`. */
function isoMedia(brand: string, payload: Buffer): Buffer {
  const ftyp = Buffer.alloc(16);
  ftyp.write(brand.padEnd(4), 0, 'latin1');
  ftyp.writeUInt32BE(0x200, 4);
  ftyp.write(brand.padEnd(4), 8, 'latin1');
  ftyp.write('mp41', 12, 'latin1');
  return Buffer.concat([box('ftyp', ftyp), box('mdat', payload)]);
}

const filler = (bytes: number) => randomBytes(bytes);

/** An MP4 (brand isom) of about `bytes` bytes, with `payload` inside its media data. */
export const mp4File = (payload: Buffer = filler(2048)) => isoMedia('isom', payload);
/** A QuickTime MOV (brand `qt  `). */
export const movFile = (payload: Buffer = filler(2048)) => isoMedia('qt  ', payload);
/** An AVI: a RIFF file of form `AVI ` with one `movi` list. */
export function aviFile(payload: Buffer = filler(2048)): Buffer {
  const movi = Buffer.concat([Buffer.from('movi', 'latin1'), payload]);
  const list = box('LIST', movi);
  const riffBody = Buffer.concat([Buffer.from('AVI ', 'latin1'), list]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(riffBody.length, 4);
  return Buffer.concat([header, riffBody]);
}
/** An MP4 carrying the EICAR string: passes the type check, caught by the scanner. */
export const infectedMp4 = () =>
  mp4File(Buffer.concat([filler(512), Buffer.from(EICAR, 'latin1'), filler(512)]));

/**
 * Writes a ClamAV signature database that matches the EICAR string anywhere in any file
 * (`Name:TargetType:Offset:HexSignature`, an .ndb body signature) and answers its folder,
 * for `clamscan -d`. The official database cannot be downloaded in CI; this one can be made.
 */
export function writeTestSignatures(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-cdb-'))) {
  const hex = Buffer.from(EICAR, 'latin1').toString('hex');
  fs.writeFileSync(path.join(dir, 'abode-test.ndb'), `Abode.Test.EICAR:0:*:${hex}\n`);
  return dir;
}

/** A scanner that answers what the test says and remembers what it was asked. */
export function fakeScanner(answer: (file: string) => ScanOutcome = () => ({ result: 'clean' })) {
  const scanned: string[] = [];
  const scanner: VirusScanner & { scanned: string[] } = {
    name: 'fake',
    scanned,
    async scan(file) {
      scanned.push(path.basename(file));
      return answer(file);
    },
  };
  return scanner;
}

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body with fields and files, in the order given. */
export function formData(parts: readonly FormPart[]) {
  const boundary = `----abode${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'data' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/upload/property-videos as `cookie` ('' for a visitor). */
export function uploadVideos(
  app: FastifyInstance,
  cookie: string,
  parts: readonly FormPart[],
  remoteAddress?: string,
) {
  const body = formData(parts);
  return app.inject({
    method: 'POST',
    url: '/api/upload/property-videos',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A `videos` file part. */
export const videoPart = (data: Buffer, filename = 'tour.mp4', type = 'video/mp4'): FormPart => ({
  name: 'videos',
  filename,
  type,
  data,
});

/** Waits until no upload is left scanning (the scans run after the answer). */
export async function waitForScans(db: Database, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [row] = await db.select({ n: count() }).from(videos).where(eq(videos.status, 'scanning'));
    if ((row?.n ?? 0) === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error('videos still scanning');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
