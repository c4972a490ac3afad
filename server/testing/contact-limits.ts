import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { deliveriesSettled } from './test-app';

/**
 * What the tests of limits on codes and contact changes share: numbers nobody in the file has
 * used, each request from its own address, the profile save that changes a phone, and how many
 * notifications reached a recipient.
 */
export function contactLimitHelpers(app: FastifyInstance, db: Database) {
  let numberSequence = 0;
  let address = 0;
  /** Each call from its own address unless the test says otherwise (per-IP limits). */
  const nextIp = () => `10.77.${Math.floor((address += 1) / 250)}.${address % 250}`;
  return {
    /** A Ghanaian mobile number nobody in this file has used. */
    freshNumber: () => `+23324${String(5_000_000 + (numberSequence += 1)).padStart(7, '0')}`,
    nextIp,
    /** How many notifications reached a recipient, once the queue has delivered what was due. */
    async notificationsTo(recipient: string): Promise<number> {
      await deliveriesSettled(db);
      const [row] = await db
        .select({ n: count() })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient));
      return row?.n ?? 0;
    },
    saveProfile: (cookie: string, phone: string, ip = nextIp()) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { cookie },
        remoteAddress: ip,
        payload: { firstName: 'Kojo', lastName: 'Antwi', email: null, phone },
      }),
  };
}
