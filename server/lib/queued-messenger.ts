import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client';
import type { QueueName } from '../db/job-queues';
import { JOB_QUEUE_SCHEMA } from '../db/migrate';
import type { JobQueue, JobResult } from './job-queue';
import { NotDelivered, type Message, type MessageLocale, type Messenger } from './messenger';

/** A message waiting in the queue: what the direct messenger needs to send it. */
export type DeliveryJob = { to: string; message: Message; locale: MessageLocale };

/**
 * The messages carrying a one-time secret (a code, a link that signs in or resets a password),
 * and its fields. The queue holds a secret only until the message is sent: the job keeps the
 * message without them. A message that failed for good keeps its secret while it can still be
 * used (an administrator's retry then still helps), and loses it in the hourly sweep after
 * (`forgetFailedSecrets`).
 */
const secretFields = {
  'email-verification': ['code', 'link'],
  'phone-verification': ['code'],
  'password-reset': ['link'],
  'password-reset-code': ['code'],
} as const satisfies Partial<Record<Message['kind'], readonly string[]>>;
type SecretKind = keyof typeof secretFields;
const secretKinds = Object.keys(secretFields) as SecretKind[];
const isSecretKind = (kind: string): kind is SecretKind => kind in secretFields;

/** The longest a secret sent by message can be used (a password-reset link, 30 minutes). */
export const SECRET_LIFETIME_MS = 30 * 60_000;

/** The job's data without the message's secret; undefined when it carries none. */
function withoutSecret(job: DeliveryJob): DeliveryJob | undefined {
  const { kind } = job.message;
  if (!isSecretKind(kind)) return undefined;
  const message: Record<string, unknown> = { ...job.message };
  for (const field of secretFields[kind]) delete message[field];
  return { ...job, message: message as Message };
}

/** True when the message should carry a secret and no longer does (it was forgotten). */
const secretForgotten = (message: Message) =>
  isSecretKind(message.kind) && secretFields[message.kind].some((field) => !(field in message));

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
      // Retried by an administrator after its secret was forgotten: nothing worth sending.
      if (secretForgotten(data.message)) return { giveUp: 'its code or link has expired' };
      try {
        await send(data.to, data.message, data.locale);
        return { done: {}, keep: withoutSecret(data) };
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
 * Forgets the secrets of messages that failed for good longer ago than a secret can be used
 * (the hourly sweep, server/main.ts). Answers how many messages it changed.
 */
export async function forgetFailedSecrets(db: Database, now = new Date()): Promise<number> {
  const kinds = sql.join(
    secretKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const fields = [...new Set(Object.values(secretFields).flat())];
  const removed = sql.join(
    fields.map((field) => sql`${field}::text`),
    sql` - `,
  );
  const changed = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE ${sql.raw(JOB_QUEUE_SCHEMA)}.job
        SET data = jsonb_set(data, '{message}', (data->'message') - ${removed})
        WHERE name IN (${deliveryQueueNames}) AND state IN ('failed', 'cancelled')
          AND completed_on < ${new Date(now.getTime() - SECRET_LIFETIME_MS).toISOString()}::timestamptz
          AND data->'message'->>'kind' IN (${kinds})
          AND (data->'message') ?| ${sql.raw(`array[${fields.map((f) => `'${f}'`).join(', ')}]`)}
        RETURNING id`,
  );
  return changed.length;
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
