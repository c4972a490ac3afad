import { z } from 'zod';
import { administratorSchema, adminPropertySchema } from '#common/admin';
import { apiErrorSchema } from '#common/api-error';
import {
  authResultSchema,
  messageSchema,
  noticeSettingsSchema,
  notificationSettingsSchema,
  userSchema,
  verifyCodeBodySchema,
  verifyResultSchema,
} from '#common/auth';
import {
  conversationEventSchema,
  conversationMessageSchema,
  conversationSummarySchema,
  messageBodySchema,
  responseTimeSchema,
} from '#common/conversations';
import { deliverySchema } from '#common/deliveries';
import { exchangeRateSchema } from '#common/exchange-rate';
import { pendingChangesSchema } from '#common/listing-changes';
import { inboxMessageSchema } from '#common/inbox';
import { imageUploadJsonSchema, listingInputSchema, updatedListingSchema } from '#common/listings';
import { photoSchema, propertyListSchema, propertySchema } from '#common/properties';
import { serviceProviderSchema } from '#common/providers';
import { reportBodySchema, reportCreatedSchema } from '#common/reports';
import {
  propertyReviewsSchema,
  reviewBodySchema,
  reviewSchema,
  reviewSummarySchema,
} from '#common/reviews';
import {
  oneClickBodySchema,
  savedSearchSchema,
  unsubscribeInputSchema,
  unsubscribeTargetSchema,
} from '#common/saved-searches';
import { verificationSchema } from '#common/verifications';
import { viewingHoursAnswerSchema, viewingSchema, viewingWindowSchema } from '#common/viewings';

/**
 * The schemas the OpenAPI document gives once, under `components.schemas`, and names by `$ref`
 * wherever a route answers or takes them (issue 51): the API's error, its entities (a user, a
 * listing, a conversation, a viewing, a review…) and the answers several routes share. Inlined,
 * the error alone was written 474 times (3 of the document's 3.3 MB).
 *
 * The names are the contract of clients generated from the document: a name stays when its
 * schema's variable is renamed. A schema a route takes as its body is named with `Input` after
 * it (`MessageBodyInput`), as fastify-type-provider-zod writes a request's side of a schema. A
 * route's own parameters and query stay inline (the document lists them one by one).
 */
export const componentSchemas: Record<string, z.ZodType> = {
  // The one error shape of every 4xx and 5xx answer.
  ApiError: apiErrorSchema,
  // `{ message }`: what was done, in English.
  StatusMessage: messageSchema,
  // Accounts
  User: userSchema,
  AuthResult: authResultSchema,
  VerifyCode: verifyCodeBodySchema,
  VerifyResult: verifyResultSchema,
  NotificationSettings: notificationSettingsSchema,
  NoticeSettings: noticeSettingsSchema,
  Administrator: administratorSchema,
  // Listings
  Property: propertySchema,
  PropertyList: propertyListSchema,
  Photo: photoSchema,
  Listing: listingInputSchema,
  UpdatedListing: updatedListingSchema,
  PendingChanges: pendingChangesSchema,
  ImageUpload: imageUploadJsonSchema,
  AdminProperty: adminPropertySchema,
  ExchangeRate: exchangeRateSchema,
  // Conversations
  ConversationSummary: conversationSummarySchema,
  ConversationMessage: conversationMessageSchema,
  ConversationEvent: conversationEventSchema,
  MessageBody: messageBodySchema,
  ResponseTime: responseTimeSchema,
  // Viewings and reviews
  Viewing: viewingSchema,
  ViewingWindow: viewingWindowSchema,
  ViewingHours: viewingHoursAnswerSchema,
  Review: reviewSchema,
  ReviewSummary: reviewSummarySchema,
  PropertyReviews: propertyReviewsSchema,
  ReviewBody: reviewBodySchema,
  // Saved searches and their alerts
  SavedSearch: savedSearchSchema,
  UnsubscribeTarget: unsubscribeTargetSchema,
  Unsubscribe: unsubscribeInputSchema,
  OneClickUnsubscribe: oneClickBodySchema,
  // The support and contact forms' messages, as administrators read them
  InboxMessage: inboxMessageSchema,
  // Reports, verifications, providers, deliveries
  Report: reportBodySchema,
  ReportCreated: reportCreatedSchema,
  Verification: verificationSchema,
  ServiceProvider: serviceProviderSchema,
  Delivery: deliverySchema,
};

/**
 * Names each component schema in Zod's global registry, where fastify-type-provider-zod looks
 * for an `id` to write a `$ref` instead of the schema. Idempotent: every app of a process
 * registers the same names (their other metadata, such as a description, stays).
 */
export function registerComponentSchemas(): void {
  for (const [id, schema] of Object.entries(componentSchemas)) {
    const meta = z.globalRegistry.get(schema);
    if (meta?.id === id) continue;
    z.globalRegistry.add(schema, { ...meta, id });
  }
}
