import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imageUploadJsonSchema,
  imageUploadResultSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
} from '#common/listings';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { ipLimit } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import type { PhotoQueue } from '../../lib/photo-queue';
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
        // visitor is refused before any of it is read (config `signedIn`).
        bodyLimit: JSON_BODY_LIMIT,
        config: { ...ipLimit(rateLimits.uploadsPerIp), ...signedIn },
        // A body that stalls or drags is answered 408 and frees its queue place.
        onRequest: uploadBodyTimeout(deps.bodyTimeouts),
        schema: {
          tags: ['uploads'],
          summary: 'Upload listing photos (multipart field `images`, or JSON data URLs)',
          description:
            'JPG, PNG, GIF or WebP, at most 5 MB each and 10 per request, checked by content ' +
            'and re-encoded to WebP. Answers the URLs to put in a listing’s `images`; photos ' +
            'no listing uses within a day are deleted. One account has at most 2 uploads in ' +
            'progress and one address 4 (429 `uploads_busy_account` / `uploads_busy_address`, ' +
            'with Retry-After); a body that sends nothing for 15 s or takes over 120 s is ' +
            'answered 408 `upload_timeout`.',
          consumes: ['multipart/form-data', 'application/json'],
          // Multipart requests reach the handler with no parsed body (null); their files are read there.
          body: imageUploadJsonSchema.nullish(),
          response: {
            201: imageUploadResultSchema,
            ...errorResponses(400, 401, 408, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Admitted before its files are read: a busy server says so instead of holding them.
        // The place is given back once the photos are encoded: what is stored after that is
        // small, and a slow database must not keep photos waiting.
        const release = photoQueue.admit({ accountId: user.id, address: request.ip });
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
