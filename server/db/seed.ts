import type { Database } from './client';
import { users } from './schema';
import { hashPassword } from '../lib/passwords';

/**
 * Demo data builders, shared by `npm run seed`, the first start on an empty embedded database
 * and the tests. Every demo account uses one password so the start-up banner can print it.
 */
export const DEMO_PASSWORD = 'Abode-demo-2026';

export const demoAccounts = [
  {
    role: 'admin',
    email: 'admin@example.com',
    firstName: 'Ama',
    lastName: 'Mensah',
    userType: 'renter',
    isAdmin: true,
  },
  {
    role: 'owner',
    email: 'owner@example.com',
    firstName: 'Kwame',
    lastName: 'Boateng',
    userType: 'owner',
    isAdmin: false,
  },
  {
    role: 'agent',
    email: 'agent@example.com',
    firstName: 'Efua',
    lastName: 'Owusu',
    userType: 'agent',
    businessName: 'Coastline Realty',
    isAdmin: false,
  },
  {
    role: 'renter',
    email: 'renter@example.com',
    firstName: 'Kofi',
    lastName: 'Asante',
    userType: 'renter',
    isAdmin: false,
  },
] as const;

/** Inserts the demo accounts that do not exist yet; safe to run twice. */
export async function seedDemoUsers(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      demoAccounts.map((account) => ({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        userType: account.userType,
        businessName: 'businessName' in account ? account.businessName : null,
        isAdmin: account.isAdmin,
        emailVerified: true,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
}

export async function seedDemoData(db: Database): Promise<void> {
  await seedDemoUsers(db);
}
