import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { providerCategories, providerStatuses } from '#common/providers';
import { users } from '../../db/schema';

/** Home maintenance businesses that asked to be listed (spec: Service provider). */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: text('category_id', { enum: providerCategories }).notNull(),
    businessName: text('business_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessAddress: text('business_address').notNull(),
    serviceArea: text('service_area').notNull(),
    yearsExperience: integer('years_experience').notNull(),
    servicesOffered: text('services_offered').notNull(),
    emergencyAvailable: boolean('emergency_available').notNull().default(false),
    description: text('description'),
    status: text('status', { enum: providerStatuses }).notNull().default('pending'),
    // Who sent it, when signed in; a business may also register without an account.
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_providers_status_idx').on(table.status, table.createdAt),
    // One open application or listing per business and trade.
    uniqueIndex('service_providers_open_email_category_idx')
      .on(table.email, table.categoryId)
      .where(sql`status <> 'rejected'`),
  ],
);
