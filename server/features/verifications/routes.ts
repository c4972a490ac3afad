import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '#common/listings';
import { isValidationMessageKey } from '#common/messages';
import {
  adminVerificationListSchema,
  verificationDecisionBodySchema,
  verificationIdParamsSchema,
  verificationListSchema,
  verificationQuerySchema,
  verificationRequestSchema,
  verificationSchema,
  type VerificationRequest,
} from '#common/verifications';
import { idParam } from '../../lib/ids';
import { encodeDocumentPhoto } from '../../lib/images';
import { AppError, type FieldCode } from '../../lib/app-error';
import type { PhotoQueue } from '../../lib/photo-queue';
import { uploadBodyTimeout, type BodyTimeouts } from '../../lib/upload-body-timeout';
import { ipLimit, accountLimiter } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import { encodeCheckedImage, imageTooLarge } from '../uploads/service';
import {
  decideVerification,
  listVerifications,
  openVerificationPhoto,
  type VerificationAdminDeps,
} from './admin';
import { rateLimits } from './rate-limits';
import { assertMayApply, ownVerifications, requestVerification } from './requests';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 408, 409, 413, 415, 429, 503);

/** The multipart form's text fields and its one photo, checked by the shared schema. */
async function readRequestForm(
  request: FastifyRequest,
): Promise<{ fields: VerificationRequest; photo: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError('invalid_input', { message: 'Send the form as multipart/form-data' });
  }
  const values: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || photo) {
          throw new AppError('invalid_input', {
            message: 'Send one photo, in the field `photo`',
            fields: { photo: 'invalidValue' },
          });
        }
        // Throws as soon as the file passes the limit, before reading the rest.
        photo = await part.toBuffer();
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
  const parsed = verificationRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, FieldCode> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'kind');
      fields[name] ??= isValidationMessageKey(issue.message) ? issue.message : 'invalidValue';
    }
    throw new AppError('invalid_input', { fields });
  }
  if (!photo) throw new AppError('no_image_chosen', { fields: { photo: 'required' } });
  return { fields: parsed.data, photo };
}

/**
 * Verified listers (issue 19): an owner or agent sends an identity document or an agent
 * licence; administrators decide. The document photo is checked by content like listing
 * photos, stored privately and readable by administrators only.
 */
export function listerVerificationRoutes(
  deps: VerificationAdminDeps & { photoQueue: PhotoQueue; bodyTimeouts: BodyTimeouts },
) {
  const { db, storage } = deps;
  return async function (fastify: FastifyInstance) {
    // Multipart is parsed only inside this plugin (and the uploads one).
    await fastify.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perApplicant = accountLimiter(
      fastify,
      'verification-requests',
      rateLimits.verificationRequestsPerAccount,
    );
    const perAdmin = accountLimiter(
      fastify,
      'verification-decisions',
      rateLimits.verificationDecisionsPerAccount,
    );

    app.post(
      '/api/account/verifications',
      {
        config: { ...signedIn, ...ipLimit(rateLimits.verificationRequestsPerIp) },
        // Like photo uploads: a stalled or dragging body is answered 408 (upload-body-timeout.ts).
        onRequest: uploadBodyTimeout(deps.bodyTimeouts),
        schema: {
          tags: ['accounts'],
          summary: 'Ask to be verified: an identity document or an agent licence (multipart)',
          description:
            'Fields: `kind` (`identity` or `agent_licence`), `document` (`ghana_card` or ' +
            '`passport`, identity only), `documentNumber`, and the file `photo` (JPG, PNG, GIF ' +
            'or WebP, at most 5 MB, checked by content). Owners and agents only; a licence from ' +
            'agents only. 409 when one of the kind waits or is already approved.',
          consumes: ['multipart/form-data'],
          response: { 201: verificationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Who is asking, before anything they sent is read.
        assertMayApply(user);
        await perApplicant.check(request);
        // The photo queue's place is held until the photo is encoded (uploads/routes.ts).
        const release = deps.photoQueue.admit({ accountId: user.id, address: request.ip });
        let form: Awaited<ReturnType<typeof readRequestForm>>;
        let encoded: Buffer;
        try {
          form = await readRequestForm(request);
          const { photo } = form;
          encoded = await deps.photoQueue.encode(() =>
            encodeCheckedImage(photo, encodeDocumentPhoto),
          );
        } finally {
          release();
        }
        const created = await requestVerification(deps, user, form.fields, encoded);
        await perApplicant.consume(request);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/account/verifications',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user’s verification requests, newest first',
          response: { 200: verificationListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ownVerifications(db, requireUser(request)),
    );

    app.get(
      '/api/admin/verifications',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Verification requests: pending (oldest first), approved or rejected',
          querystring: verificationQuerySchema,
          response: { 200: adminVerificationListSchema, ...errors },
        },
      },
      async (request) => listVerifications(db, request.query),
    );

    app.post(
      '/api/admin/verifications/:id/decision',
      {
        config: {
          ...adminOnly,
          ...ipLimit(rateLimits.verificationDecisionsPerIp),
          ...idParam('id', 'verification_not_found'),
        },
        schema: {
          tags: ['admin'],
          summary: 'Approve or reject a waiting verification request (a reason to reject)',
          params: verificationIdParamsSchema,
          body: verificationDecisionBodySchema,
          response: { 200: z.object({ status: z.enum(['approved', 'rejected']) }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await perAdmin.check(request);
        const status = await decideVerification(deps, admin, request.params.id, request.body);
        await perAdmin.consume(request);
        return { status };
      },
    );

    app.get(
      '/api/admin/verifications/:id/photo',
      {
        config: { ...adminOnly, ...idParam('id', 'verification_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'The document photo of a verification request (administrators only)',
          description: '404 once deleted, 30 days after the decision.',
          params: verificationIdParamsSchema,
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const file = await openVerificationPhoto(db, storage, request.params.id);
        return (
          reply
            .header('content-type', 'image/webp')
            .header('content-length', String(file.size))
            // A copy of somebody's ID card: kept by no cache, shared or private.
            .header('cache-control', 'no-store')
            .send(file.stream)
        );
      },
    );
  };
}
