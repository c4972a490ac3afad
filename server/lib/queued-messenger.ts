import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client';
import type { QueueName } from '../db/job-queues';
import { JOB_QUEUE_SCHEMA } from '../db/migrate';
import type { JobQueue, JobResult } from './job-queue';
import { NotDelivered, type Message, type MessageLocale, type Messenger } from './messenger';

/** A message waiting in the queue: what the direct messenger needs to send it. */
export type DeliveryJob = { to: string; message: Message; locale: MessageLocale };

export const deliveryQueues = {
  email: 'deliver-email',
  sms: 'deliver-sms',
} as const satisfies Record<string, QueueName>;

/**
 * The app's messenger (issue 18): a message is a job in the database, written in the same
 * transaction as the action that causes it, and the request answers without waiting for the
 * provider. Workers in every server hand jobs to `direct`; a provider that is down delays
 * messages (retried with backoff and jitter, server/db/job-queues.ts), and loses none. A number
 * the provider refuses is not tried again. Failed deliveries show in the admin panel.
 */
export function createQueuedMessenger(
  direct: Messenger,
  jobs: JobQueue,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Messenger {
  const deliver =
    (send: Messenger['email']) =>
    async ({
      data,
      retryCount,
      retryLimit,
    }: {
      data: DeliveryJob;
      retryCount: number;
      retryLimit: number;
    }): Promise<JobResult> => {
      try {
        await send(data.to, data.message, data.locale);
        return { done: {} };
      } catch (error) {
        if (!(error instanceof NotDelivered)) throw error;
        if (error.code === 'phone_invalid') return { giveUp: error.reason };
        if (retryCount >= retryLimit) {
          log.warn(
            { kind: data.message.kind, reason: error.reason },
            'a message was not delivered after its last try',
          );
        }
        throw new Error(error.reason, { cause: error });
      }
    };
  // Messages to one person leave in the order they were queued.
  const inOrderOf = (job: DeliveryJob) => job.to;
  jobs.work<DeliveryJob>(deliveryQueues.email, deliver(direct.email.bind(direct)), { inOrderOf });
  jobs.work<DeliveryJob>(deliveryQueues.sms, deliver(direct.sms.bind(direct)), { inOrderOf });

  return {
    get smsAvailable() {
      return direct.smsAvailable;
    },
    email: (to, message, locale, options) =>
      jobs.send(deliveryQueues.email, { to, message, locale } satisfies DeliveryJob, options),
    sms: (to, message, locale, options) =>
      jobs.send(deliveryQueues.sms, { to, message, locale } satisfies DeliveryJob, options),
  };
}

/**
 * Where a queued message is: waiting for its first try, waiting to be tried again after a
 * failure, sent (the provider took it), or failed for good (no tries left, or a number the
 * provider refuses).
 */
export type DeliveryStatus = 'queued' | 'retrying' | 'sent' | 'failed';

const statusOfState: Record<string, DeliveryStatus> = {
  created: 'queued',
  active: 'queued',
  retry: 'retrying',
  completed: 'sent',
  failed: 'failed',
  cancelled: 'failed',
};

/** A delivery's status from its pg-boss job state. */
export const deliveryStatusOf = (state: string): DeliveryStatus => statusOfState[state] ?? 'queued';

/** The delivery queues' names, for `name IN (…)` (the queue's tables are partitioned by name). */
export const deliveryQueueNames = sql.join(
  Object.values(deliveryQueues).map((name) => sql`${name}`),
  sql`, `,
);

/** The status of each queued message named (pg-boss keeps a job a week after it ends). */
export async function deliveryStatuses(
  db: Database,
  ids: (string | null)[],
): Promise<Map<string, DeliveryStatus>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const list = sql.join(
    wanted.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // By queue name as well as id: the queue's tables are keyed (name, id), partitioned by name.
  const names = deliveryQueueNames;
  const rows = await rowsOf<{ id: string; state: string }>(
    db,
    sql`SELECT id, state::text AS state FROM ${sql.raw(JOB_QUEUE_SCHEMA)}.job
        WHERE name IN (${names}) AND id IN (${list})`,
  );
  return new Map(rows.map((row) => [row.id, deliveryStatusOf(row.state)]));
}
