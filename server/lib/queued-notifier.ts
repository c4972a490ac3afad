import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client';
import type { PlatformQueue } from '../db/job-queues';
import { JOB_QUEUE_SCHEMA } from '../db/migrate';
import type { JobQueue, JobResult } from './job-queue';
import {
  foldNotice,
  giveBackNoticePlace,
  isCappedKind,
  takeNoticePlace,
  type CappedChannel,
} from './notice-cap';
import {
  NotDelivered,
  type Notification,
  type NotificationLocale,
  type Notifier,
} from './notifier';

/**
 * A notification waiting in the queue: what the direct notifier needs to send it. Its field is
 * `message`, as in the jobs already stored (and the SQL below and the Deliveries read it).
 */
export type DeliveryJob = { to: string; message: Notification; locale: NotificationLocale };

/**
 * The notifications carrying a one-time secret (a code, a link that signs in or resets a
 * password), and its fields. The queue holds a secret only until the notification is sent: the
 * job keeps it without them. A notification that failed for good keeps its secret while it can
 * still be used (an administrator's retry then still helps), and loses it in the hourly sweep
 * after (`forgetFailedSecrets`).
 */
const secretFields = {
  'email-verification': ['code', 'link'],
  'phone-verification': ['code'],
  'password-reset': ['link'],
  'password-reset-code': ['code'],
} as const satisfies Partial<Record<Notification['kind'], readonly string[]>>;
type SecretKind = keyof typeof secretFields;
const secretKinds = Object.keys(secretFields) as SecretKind[];
const isSecretKind = (kind: string): kind is SecretKind => kind in secretFields;

/** The longest a secret sent by notification can be used (a password-reset link, 30 minutes). */
export const SECRET_LIFETIME_MS = 30 * 60_000;

/** The job's data without the notification's secret; undefined when it carries none. */
function withoutSecret(job: DeliveryJob): DeliveryJob | undefined {
  const { kind } = job.message;
  if (!isSecretKind(kind)) return undefined;
  const notification: Record<string, unknown> = { ...job.message };
  for (const field of secretFields[kind]) delete notification[field];
  return { ...job, message: notification as Notification };
}

/** True when the notification should carry a secret and no longer does (it was forgotten). */
const secretForgotten = (notification: Notification) =>
  isSecretKind(notification.kind) &&
  secretFields[notification.kind].some((field) => !(field in notification));

export const deliveryQueues = {
  email: 'deliver-email',
  sms: 'deliver-sms',
} as const satisfies Record<string, PlatformQueue>;

/**
 * The app's notifier (issue 18): a notification is a job in the database, written in the same
 * transaction as the action that causes it, and the request answers without waiting for the
 * provider. Workers in every server hand jobs to `direct`; a provider that is down delays
 * notifications (retried with backoff and jitter, server/db/job-queues.ts), and loses none. A
 * number the provider refuses is not tried again. Failed deliveries show in the admin panel.
 */
export function createQueuedNotifier(
  direct: Notifier,
  jobs: JobQueue,
  log: Pick<FastifyBaseLogger, 'warn'>,
  cap: { db: Database; clock: () => Date },
): Notifier {
  const deliver =
    (channel: CappedChannel, send: Notifier['email']) =>
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
      // Past the recipient's notices of the day (notice-cap.ts): kept for their digest.
      const capped = isCappedKind(data.message.kind);
      const now = cap.clock();
      if (capped && !(await takeNoticePlace(cap.db, channel, data.to, now))) {
        await foldNotice(cap.db, channel, data, now);
        return { done: { folded: true } };
      }
      try {
        await send(data.to, data.message, data.locale);
        return { done: {}, keep: withoutSecret(data) };
      } catch (error) {
        // Not sent: its place of the day is free again for its next try or another notice.
        if (capped) await giveBackNoticePlace(cap.db, channel, data.to, now);
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
  // Notifications to one person leave in the order they were queued.
  const inOrderOf = (job: DeliveryJob) => job.to;
  jobs.work<DeliveryJob>(deliveryQueues.email, deliver('email', direct.email.bind(direct)), {
    inOrderOf,
  });
  jobs.work<DeliveryJob>(deliveryQueues.sms, deliver('sms', direct.sms.bind(direct)), {
    inOrderOf,
  });

  return {
    get smsAvailable() {
      return direct.smsAvailable;
    },
    email: (to, notification, locale, options) =>
      jobs.send(
        deliveryQueues.email,
        { to, message: notification, locale } satisfies DeliveryJob,
        options,
      ),
    sms: (to, notification, locale, options) =>
      jobs.send(
        deliveryQueues.sms,
        { to, message: notification, locale } satisfies DeliveryJob,
        options,
      ),
    withdraw: async (id, options) => {
      // Only while no worker has taken it: once taken it may be on its way already.
      const withdrawn = await rowsOf<{ id: string }>(
        options?.db ?? cap.db,
        sql`DELETE FROM ${sql.raw(JOB_QUEUE_SCHEMA)}.job
            WHERE name IN (${deliveryQueueNames}) AND id = ${id}::uuid AND state = 'created'
            RETURNING id`,
      );
      return withdrawn.length > 0;
    },
  };
}

/**
 * Forgets the secrets of notifications that failed for good longer ago than a secret can be
 * used (the hourly sweep, server/main.ts). Answers how many notifications it changed.
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
 * Where a queued notification is: waiting for its first try, waiting to be tried again after a
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

/** The status of each queued notification named (pg-boss keeps a job a week after it ends). */
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
