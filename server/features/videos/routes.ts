import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '#common/fields';
import {
  approvedVideoSchema,
  attachVideosBodySchema,
  attachVideosResultSchema,
  editedVideoResultSchema,
  MAX_VIDEO_BYTES,
  MAX_VIDEOS_PER_UPLOAD,
  pendingVideoSchema,
  videoFileName,
  videoUploadResultSchema,
} from '#common/videos';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import type { Notifier } from '../../lib/notifier';
import { ipLimit } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import type { FileStorage } from '../../lib/storage';
import { uploadBodyTimeout, type BodyTimeouts } from '../../lib/upload-body-timeout';
import { listingWritesPerIp } from '../listings/service';
import { quarantine as openQuarantine, videoTooLarge, type ReceivedVideo } from './quarantine';
import { rateLimits } from './rate-limits';
import { scanQueue } from './scan-queue';
import { createScanner, type VirusScanner } from './scanner';
import { sendVideo } from './send-video';
import { editedForOwner, listApprovedVideos, originalForAdmin } from './downloads';
import { approveWithEditedVideo, listPendingVideos, pendingForEdit } from './review';
import { assertOwnListing, cleanOriginalName, type VideoDeps } from './service';
import { acceptUploads, assertRoomForUploads, attachToListing, resumeScans } from './uploads';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = {
  ...errors,
  ...errorResponses(408, 413, 415, 429),
};

const badPart = (field: string, message: string) =>
  new AppError('invalid_input', { message, fields: { [field]: 'required' } });

/** The multipart parser's errors in the API's words; anything else as it is. */
function multipartError(error: unknown, field: string): unknown {
  if (error instanceof AppError) return error;
  const { code } = error as { code?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return videoTooLarge(field);
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('videos_per_upload', {
      params: { max: MAX_VIDEOS_PER_UPLOAD },
      fields: { [field]: 'videos_per_upload' },
    });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('too_large', { message: 'Too many parts in the upload' });
  }
  // A body cut short or not multipart at all is answered 400 by the error handler.
  return error;
}

const notMultipart = (field: string) =>
  new AppError('unsupported_type', {
    message: `Send the video as multipart/form-data in the field \`${field}\``,
  });

/**
 * The video workflow's endpoints (spec accounts-and-admin section 7; marketplace-core: POST
 * /api/upload/property-videos). Uploads are streamed to quarantine and answered at once; the
 * scans run in the background, one at a time.
 */
export function videoRoutes(deps: {
  db: Database;
  storage: FileStorage;
  notifier: Notifier;
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'virusScanner' | 'clamavDatabase'>;
  /** Tests inject one; default: VIRUS_SCANNER (clamscan when installed). */
  scanner?: VirusScanner;
  /** How long an upload's body may take (upload-body-timeout.ts). */
  bodyTimeouts: BodyTimeouts;
}) {
  const { db, storage, config } = deps;
  return async function (fastify: FastifyInstance) {
    const videos: VideoDeps = {
      db,
      storage,
      notifier: deps.notifier,
      publicUrl: config.publicUrl,
      scanner: deps.scanner ?? createScanner(config, fastify.log),
      quarantine: openQuarantine(path.join(config.dataDir, 'quarantine')),
      queue: scanQueue(),
      log: fastify.log,
    };
    fastify.addHook('onReady', async () => {
      void resumeScans(videos).catch((error: unknown) =>
        fastify.log.error({ err: error }, 'could not resume video scans'),
      );
    });
    fastify.addHook('onClose', async () => videos.queue.close());

    // Multipart is parsed only inside this plugin and the image upload's.
    await fastify.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_VIDEO_BYTES,
        files: MAX_VIDEOS_PER_UPLOAD,
        fields: 5,
        fieldSize: 1024,
        parts: MAX_VIDEOS_PER_UPLOAD + 5,
      },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/upload/property-videos',
      {
        config: { ...ipLimit(rateLimits.videoUploadsPerIp), ...signedIn },
        // A stalled body is answered 408 and its quarantine file deleted.
        onRequest: uploadBodyTimeout(deps.bodyTimeouts),
        schema: {
          tags: ['videos'],
          summary: 'Upload listing videos (multipart field `videos`, optional `propertyId`)',
          description:
            'MP4, MOV or AVI by content, at most 100 MB each and 5 per request, streamed to a ' +
            'quarantine folder. Answers 201 at once with status `scanning`; a virus scan runs ' +
            'next, then the video waits for an administrator. `propertyId`, sent before the ' +
            'files, must be one of the uploader’s listings.',
          consumes: ['multipart/form-data'],
          response: { 201: videoUploadResultSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!request.isMultipart()) throw notMultipart('videos');
        await assertRoomForUploads(db, user);
        const received: { file: ReceivedVideo; originalName: string }[] = [];
        try {
          let propertyId: string | null = null;
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'propertyId' && String(part.value).trim() !== '') {
                propertyId = String(part.value).trim();
                await assertOwnListing(db, user, propertyId);
              }
              continue;
            }
            if (part.fieldname !== 'videos') {
              throw badPart('videos', 'Send the files in the field `videos`');
            }
            const file = await videos.quarantine.receive(part.file, 'videos');
            received.push({ file, originalName: cleanOriginalName(part.filename) });
          }
          if (received.length === 0) throw badPart('videos', 'Choose at least one video');
          const uploaded = await acceptUploads(videos, user, received, propertyId);
          return reply.code(201).send({ videos: uploaded });
        } catch (error) {
          await Promise.allSettled(received.map((r) => videos.quarantine.remove(r.file.path)));
          throw multipartError(error, 'videos');
        }
      },
    );

    app.get(
      '/api/admin/pending-videos',
      {
        config: adminOnly,
        schema: {
          tags: ['videos'],
          summary: 'Videos being scanned or waiting for review, oldest first (admins)',
          response: { 200: z.array(pendingVideoSchema), ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listPendingVideos(db);
      },
    );

    app.get(
      '/api/admin/download-video/:userId/:fileName',
      {
        config: { ...adminOnly, ...idParam('userId', 'video_not_found') },
        compress: false,
        schema: {
          tags: ['videos'],
          summary: 'Download an original upload (admins); supports Range',
          params: z.object({ userId: pathId(), fileName: videoFileName }),
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const { userId, fileName } = request.params;
        return sendVideo(request, reply, storage, await originalForAdmin(db, userId, fileName));
      },
    );

    app.post(
      '/api/admin/upload-edited-video/:userId',
      {
        config: { ...adminOnly, ...idParam('userId', 'video_not_found') },
        onRequest: uploadBodyTimeout(deps.bodyTimeouts),
        schema: {
          tags: ['videos'],
          summary: 'Upload the edited video (multipart `originalFileName`, then `editedVideo`)',
          description:
            'Approves the pending video named by `originalFileName` with the edited file: ' +
            'checked like an upload, scanned (an infected file is refused and not stored), ' +
            'then the owner is told it is ready.',
          consumes: ['multipart/form-data'],
          params: z.object({ userId: pathId() }),
          response: { 200: editedVideoResultSchema, ...uploadErrors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { userId } = request.params;
        if (!request.isMultipart()) throw notMultipart('editedVideo');
        let originalFileName: string | undefined;
        let edited: ReceivedVideo | undefined;
        try {
          for await (const part of request.parts({ limits: { files: 1 } })) {
            if (part.type === 'field') {
              if (part.fieldname !== 'originalFileName') continue;
              const name = videoFileName.safeParse(String(part.value).trim());
              if (!name.success) {
                throw new AppError('invalid_input', {
                  message: 'Invalid original file name',
                  fields: { originalFileName: 'invalidValue' },
                });
              }
              originalFileName = name.data;
              // Before the file is read, when the field comes first (the web app sends it so).
              await pendingForEdit(db, userId, originalFileName);
              continue;
            }
            if (part.fieldname !== 'editedVideo') {
              throw badPart('editedVideo', 'Send the file in the field `editedVideo`');
            }
            edited = await videos.quarantine.receive(part.file, 'editedVideo');
          }
          if (!originalFileName) {
            throw badPart('originalFileName', 'Name the original video (originalFileName)');
          }
          if (!edited) throw badPart('editedVideo', 'Choose the edited video');
        } catch (error) {
          if (edited) await videos.quarantine.remove(edited.path);
          throw multipartError(error, 'editedVideo');
        }
        const result = await approveWithEditedVideo(
          videos,
          admin,
          userId,
          originalFileName,
          edited,
        );
        return {
          fileName: result.fileName,
          editedFileName: result.editedFileName,
          status: 'approved' as const,
          approvedAt: result.approvedAt.toISOString(),
        };
      },
    );

    app.get(
      '/api/user/approved-videos',
      {
        config: signedIn,
        schema: {
          tags: ['videos'],
          summary: 'The signed-in user’s approved videos, newest first',
          response: { 200: z.array(approvedVideoSchema), ...errorResponses(401) },
        },
      },
      async (request) => listApprovedVideos(db, requireUser(request).id),
    );

    app.post(
      '/api/user/videos/attach',
      {
        config: { ...ipLimit(listingWritesPerIp), ...signedIn },
        schema: {
          tags: ['videos'],
          summary: 'Link uploaded videos to one of the user’s listings (after the wizard)',
          body: attachVideosBodySchema,
          response: { 200: attachVideosResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { propertyId, fileNames } = request.body;
        return { attached: await attachToListing(db, user, propertyId, fileNames) };
      },
    );

    app.get(
      '/api/user/download-video/:fileName',
      {
        config: signedIn,
        compress: false,
        schema: {
          tags: ['videos'],
          summary: 'Download one of the signed-in user’s approved videos; supports Range',
          params: z.object({ fileName: videoFileName }),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const video = await editedForOwner(db, user.id, request.params.fileName);
        return sendVideo(request, reply, storage, video);
      },
    );
  };
}
