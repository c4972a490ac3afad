import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imageUploadJsonSchema,
  imageUploadResultSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
} from '#common/listings';
import type { Database } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { ipLimit } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import type { PhotoQueue, UploadClient } from '../../lib/photo-queue';
import { uploadBodyTimeout, type BodyTimeouts } from '../../lib/upload-body-timeout';
import type { FileStorage } from '../../lib/storage';
import { rateLimits } from './rate-limits';
import { decodeDataUrl, encodeUploadedImage, imageTooLarge, storeUploads } from './service';
import { errorResponses } from '../../lib/error-responses';

/**
 * GET /files/<key>-<width>.webp: stored photo variants. Names are random and never reused,
 * so an answer may be cached for a year.
 */
export function fileRoutes(storage: FileStorage) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/files/:name',
      {
        schema: {
          tags: ['uploads'],
          summary: 'A stored photo variant',
          params: z.object({
            // Starts like every stored name (storage refuses others: a 500 before).
            name: z.string().regex(/^[a-z0-9][a-z0-9_]*-\d{2,4}\.webp$/, 'invalidValue'),
          }),
        },
      },
      async (request, reply) => {
        const file = await storage.open(request.params.name);
        if (!file) throw notFound('file_not_found');
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', String(file.size))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.stream);
      },
    );
  };
}

/** The multipart parser's limit errors in the API's words; other errors as they are. */
function multipartLimitError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('images_per_upload', {
      params: { max: MAX_IMAGES_PER_UPLOAD },
      fields: { images: 'tooManyImages' },
    });
  }
  return error;
}

/** The files of an upload request: multipart parts in the field `images`, or JSON data URLs. */
async function readImages(request: FastifyRequest): Promise<Buffer[]> {
  const files: Buffer[] = [];
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'images') {
          throw new AppError('invalid_input', {
            message: 'Send the files in the field `images`',
            fields: { images: 'required' },
          });
        }
        // Throws as soon as a file passes the limit, before reading the rest.
        files.push(await part.toBuffer());
      }
    } catch (error) {
      throw multipartLimitError(error);
    }
  } else {
    const body = request.body as z.infer<typeof imageUploadJsonSchema> | null | undefined;
    for (const url of body?.images ?? []) files.push(decodeDataUrl(url));
  }
  if (files.length === 0) {
    throw new AppError('no_image_chosen', {
      fields: { images: 'required' },
    });
  }
  return files;
}

/**
 * Photo uploads are for accounts with a verified e-mail address or phone number (issue 50):
 * a reachable person, so that filling the photo queue takes accounts that each cost a real
 * address or number, not sign-ups by the dozen. Checked when the request arrives, after the
 * sign-in check and before the body is read or a queue place is taken: 403
 * `uploads_need_verified_contact`.
 */
const requireVerifiedContact: onRequestHookHandler = async (request) => {
  const user = requireUser(request);
  if (!user.emailVerified && !user.phoneVerified) {
    throw forbidden('uploads_need_verified_contact');
  }
};

/**
 * Waits in the photo queue's line for as long as the client's connection is open. Not
 * request.signal: that aborts when the request's stream closes, which it also does once its
 * body has been read, while the client still waits for the answer.
 */
async function enterWhileConnected(
  photoQueue: PhotoQueue,
  request: FastifyRequest,
  client: UploadClient,
): Promise<() => void> {
  const gone = new AbortController();
  const socket = request.raw.socket;
  const abandoned = () => gone.abort();
  if (socket.destroyed) abandoned();
  else socket.once('close', abandoned);
  try {
    return await photoQueue.enter(client, { signal: gone.signal });
  } finally {
    socket.off('close', abandoned);
  }
}

/** The JSON upload form's body limit: one photo of MAX_IMAGE_BYTES as a data URL. */
export const JSON_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /api/upload/property-images, in both forms of the spec: multipart with the field
 * `images` (one or several files), or JSON `{ images: [data URLs] }`. Every file is checked
 * and re-encoded before anything is stored, so a bad file in a batch stores nothing.
 */
export function uploadRoutes(deps: {
  db: Database;
  storage: FileStorage;
  photoQueue: PhotoQueue;
  /** How long the body may take (upload-body-timeout.ts). */
  bodyTimeouts: BodyTimeouts;
}) {
  const { db, storage, photoQueue } = deps;
  return async function (fastify: FastifyInstance) {
    // Multipart is parsed only inside this plugin: no other route accepts files.
    await fastify.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_IMAGES_PER_UPLOAD,
        fields: 5,
        fieldSize: 1024,
        parts: MAX_IMAGES_PER_UPLOAD + 5,
      },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/upload/property-images',
      {
        // The JSON form holds at most one photo's worth: a data URL is a third larger than its
        // file. (The web app sends multipart, whose files the multipart limits bound.) A
        // visitor is refused before any of it is read (config `signedIn`), and so is an
        // account without a verified contact (requireVerifiedContact).
        bodyLimit: JSON_BODY_LIMIT,
        config: { ...ipLimit(rateLimits.uploadsPerIp), ...signedIn },
        // A body that stalls, trickles or drags is answered 408 and frees its queue place.
        // The timeout comes first: it also ends the connections of refused requests.
        onRequest: [uploadBodyTimeout(deps.bodyTimeouts), requireVerifiedContact],
        schema: {
          tags: ['uploads'],
          summary: 'Upload listing photos (multipart field `images`, or JSON data URLs)',
          description:
            'JPG, PNG, GIF or WebP, at most 5 MB each and 10 per request, checked by content ' +
            'and re-encoded to WebP. Answers the URLs to put in a listing’s `images`; photos ' +
            'no listing uses within a day are deleted. Needs a verified e-mail address or ' +
            'phone number (403 `uploads_need_verified_contact`). One account has at most 2 ' +
            'uploads in progress or waiting and one address 4 (429 `uploads_busy_account` / ' +
            '`uploads_busy_address`, with Retry-After); on a full server a multipart request ' +
            'waits for a place for up to 30 s, then answers 503 `uploads_busy` with ' +
            'Retry-After (the JSON form at once); a body that sends under 32 KiB in 15 s or ' +
            'takes over 120 s is answered 408 `upload_timeout`.',
          consumes: ['multipart/form-data', 'application/json'],
          // Multipart requests reach the handler with no parsed body (null); their files are read there.
          body: imageUploadJsonSchema.nullish(),
          response: {
            201: imageUploadResultSchema,
            ...errorResponses(400, 401, 403, 408, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Admitted before its files are read: on a full server a multipart request waits for
        // a place in the fair line (its body unread), and a server still full after that says
        // so instead of holding the files. The JSON form's body is read already (up to 7 MB):
        // it is not held in memory in the line but answered 503 at once, as before. The place
        // is given back once the photos are encoded: what is stored after that is small, and
        // a slow database must not keep photos waiting. A client that goes away leaves the line.
        const client = { accountId: user.id, address: request.ip };
        const release = request.isMultipart()
          ? await enterWhileConnected(photoQueue, request, client)
          : photoQueue.admit(client);
        const encoded = [];
        try {
          const files = await readImages(request);
          for (const file of files) {
            encoded.push(await photoQueue.encode(() => encodeUploadedImage(file)));
          }
        } finally {
          release();
        }
        const images = await storeUploads(db, storage, user.id, encoded);
        return reply.code(201).send({ images });
      },
    );
  };
}
