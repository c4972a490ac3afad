import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { users } from '../db/schema';

/** A real image file of `format`, drawn by sharp (a gradient, so it is not trivially small). */
export async function imageFile(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  size: { width: number; height: number } = { width: 900, height: 600 },
  options: { exif?: boolean } = {},
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#0a7"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="20%" fill="#246"/></svg>`,
  );
  let image = sharp(svg)[format]();
  if (options.exif) {
    image = image.withExif({ IFD0: { Make: 'TestCam', Artist: 'Secret Person' } });
  }
  return image.toBuffer();
}

/** A PNG of random pixels: incompressible, so over 5 MB at this size. */
export async function oversizedPng(): Promise<Buffer> {
  const width = 1400;
  const height = 1400;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export type FilePart = { field?: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body (what a browser's FormData sends) for app.inject. */
export function multipart(files: readonly FilePart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----abode${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Marks the account's e-mail address verified, as its code would (issue 50: photo uploads
 * need a verified e-mail or phone, 403 `uploads_need_verified_contact` otherwise). Tests
 * whose accounts upload photos call it after signing up.
 */
export async function verifyContact(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Uploads files as the signed-in `cookie` and answers the response. */
export function uploadImages(app: FastifyInstance, cookie: string, files: readonly FilePart[]) {
  const body = multipart(files);
  return app.inject({
    method: 'POST',
    url: '/api/upload/property-images',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** Every file under a folder (the test app's storage), temporary ones included. */
export function storedFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
