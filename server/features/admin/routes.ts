import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '#common/fields';
import {
  adminPropertyListSchema,
  adminPropertyQuerySchema,
  adminPropertySchema,
  administratorSchema,
  adminChangePasswordBodySchema,
  auditEntrySchema,
  auditQuerySchema,
  featuredBodySchema,
  grantAdminBodySchema,
  rejectBodySchema,
  reorderFeaturedBodySchema,
  visibilityBodySchema,
} from '#common/admin';
import { messageSchema } from '#common/auth';
import { updatedListingSchema } from '#common/listings';
import { propertyIdParamsSchema } from '#common/properties';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import type { Notifier } from '../../lib/notifier';
import type { FileStorage } from '../../lib/storage';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { changePassword } from '../accounts/service';
import type { ListingWrites } from '../listings/service';
import { recordAudit } from './audit';
import {
  approveListing,
  deleteAsAdmin,
  featuredForAdmin,
  grantAdministrator,
  listAdministrators,
  listAdminProperties,
  listAudit,
  rejectListing,
  revokeAdministrator,
  reorderFeatured,
  setFeatured,
  setVisibility,
} from './service';
import { errorResponses } from '../../lib/error-responses';

/** Administrators' endpoints (spec: Admin panel, Property approval): 401 visitors, 403 others. */
const errors = errorResponses(400, 401, 403, 404, 409);

export function adminRoutes(deps: {
  db: Database;
  listingWrites: ListingWrites;
  storage: FileStorage;
  notifier: Notifier;
  publicUrl: string;
}) {
  const { db, listingWrites, storage, notifier, publicUrl } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    const review = { db, writes: listingWrites, notifier, storage, publicUrl, log: fastify.log };

    app.post(
      '/api/admin/properties/:id/approve',
      {
        config: { ...adminOnly, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Approve a new listing, or the changes waiting on an approved one',
          description:
            'A new listing goes live if its owner keeps it active. Changes waiting on an approved ' +
            'listing are applied: renters, search and alerts see them from now on.',
          params: propertyIdParamsSchema,
          response: { 200: updatedListingSchema, ...errors },
        },
      },
      async (request) => approveListing(review, requireAdmin(request), request.params.id),
    );

    app.post(
      '/api/admin/properties/:id/reject',
      {
        config: { ...adminOnly, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Reject a new listing, or the changes waiting on an approved one',
          description:
            'A new listing stays hidden with the reason its owner sees and is sent. Changes ' +
            'waiting on an approved listing are dropped; the approved listing stays as it was ' +
            'and its owner is sent the reason.',
          params: propertyIdParamsSchema,
          body: rejectBodySchema,
          response: { 200: updatedListingSchema, ...errors },
        },
      },
      async (request) =>
        rejectListing(review, requireAdmin(request), request.params.id, request.body.reason),
    );

    app.get(
      '/api/admin/properties',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Every listing, any status, with its owner; search, status filter, 20 a page',
          querystring: adminPropertyQuerySchema,
          response: { 200: adminPropertyListSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listAdminProperties(db, request.query);
      },
    );

    app.patch(
      '/api/admin/properties/:id/visibility',
      {
        config: { ...adminOnly, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['admin'],
          summary:
            'Hide (with a reason its owner sees) or show a listing; only an administrator shows a listing an administrator hid',
          params: propertyIdParamsSchema,
          body: visibilityBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await setVisibility(db, listingWrites, admin, request.params.id, request.body);
        return { message: request.body.isActive ? 'Property shown' : 'Property hidden' };
      },
    );

    app.delete(
      '/api/admin/properties/:id',
      {
        config: { ...adminOnly, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Delete a listing permanently, with its photos and favourites',
          params: propertyIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAsAdmin(db, storage, listingWrites, requireAdmin(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/featured-properties',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The featured listings in order, any status',
          response: { 200: z.array(adminPropertySchema), ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return featuredForAdmin(db);
      },
    );

    app.patch(
      '/api/admin/properties/:id/featured',
      {
        config: { ...adminOnly, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Feature a live listing (at featuredOrder, else last) or unfeature it',
          params: propertyIdParamsSchema,
          body: featuredBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await setFeatured(db, listingWrites, admin, request.params.id, request.body);
        return { message: request.body.isFeatured ? 'Property featured' : 'Property unfeatured' };
      },
    );

    app.post(
      '/api/admin/reorder-featured-properties',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Put the featured listings in the given order, renumbered from 1',
          body: reorderFeaturedBodySchema,
          response: { 200: z.object({ order: z.array(z.string()) }), ...errors },
        },
      },
      async (request) => ({
        order: await reorderFeatured(db, listingWrites, requireAdmin(request), request.body),
      }),
    );

    app.get(
      '/api/admin/admins',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The administrators, oldest first',
          response: { 200: z.array(administratorSchema), ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listAdministrators(db);
      },
    );

    app.post(
      '/api/admin/admins',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Make the account with this email an administrator',
          body: grantAdminBodySchema,
          response: { 200: administratorSchema, ...errors },
        },
      },
      async (request) => grantAdministrator(db, requireAdmin(request), request.body.email),
    );

    app.delete(
      '/api/admin/admins/:id',
      {
        config: { ...adminOnly, ...idParam('id', 'administrator_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Revoke administrator access (never one’s own, never the last)',
          params: z.object({ id: pathId() }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeAdministrator(db, requireAdmin(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/audit-log',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The newest administrator actions: who, what, on what, when',
          querystring: auditQuerySchema,
          response: { 200: z.array(auditEntrySchema), ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listAudit(db, request.query.limit);
      },
    );

    app.post(
      '/api/admin/change-password',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Change the administrator’s own password (at least 8 characters)',
          body: adminChangePasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const changed = await changePassword(
          db,
          admin,
          request.body,
          request.sessionToken,
          new Date(),
        );
        if (!changed) {
          throw new AppError('current_password_wrong', {
            fields: { currentPassword: 'currentPasswordWrong' },
          });
        }
        await recordAudit(db, admin, 'change-password', 'user', admin.id);
        return { message: 'Password changed successfully' };
      },
    );
  };
}
