import { sql } from 'drizzle-orm';
import {
  DELIVERIES_PAGE_SIZE,
  type Delivery,
  type DeliveryGroup,
  type DeliveryList,
  type DeliveryQuery,
} from '#common/deliveries';
import { rowsOf, type Database } from '../../db/client';
import { JOB_QUEUE_SCHEMA } from '../../db/migrate';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import { deliveryQueueNames, deliveryQueues, deliveryStatusOf } from '../../lib/queued-notifier';

/**
 * The admin panel's Deliveries (issue 18), read from the job queue's own table: pg-boss keeps
 * a job while it waits and a week after it ends (server/db/job-queues.ts). Only what a
 * notification is and where it goes are shown; its text (codes, links) never leaves the queue.
 */
const states: Record<DeliveryGroup, string[]> = {
  queued: ['created', 'retry', 'active'],
  sent: ['completed'],
  failed: ['failed', 'cancelled'],
};

type Row = {
  id: string;
  name: string;
  state: string;
  to: string | null;
  kind: string | null;
  retry_count: number;
  reason: string | null;
  created_on: string | Date;
  completed_on: string | Date | null;
  start_after: string | Date;
  total: number;
};

const queueNames = deliveryQueueNames;
const schema = sql.raw(JOB_QUEUE_SCHEMA);
const columns = sql`id, name, state::text AS state, data->>'to' AS "to",
  data->'message'->>'kind' AS kind, retry_count, output->>'message' AS reason,
  created_on, completed_on, start_after`;
/** Every delivery, waiting or done. */
const allDeliveries = sql`(SELECT ${columns} FROM ${schema}.job WHERE name IN (${queueNames})) AS d`;

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

function toDelivery(row: Row): Delivery {
  const status = deliveryStatusOf(row.state);
  return {
    id: row.id,
    channel: row.name === deliveryQueues.sms ? 'sms' : 'email',
    kind: row.kind ?? 'unknown',
    to: row.to ?? '',
    status,
    // pg-boss counts retries; a job being tried or done has had one try more.
    attempts: row.state === 'created' ? 0 : Number(row.retry_count) + 1,
    reason: row.state === 'completed' ? null : row.reason,
    createdAt: iso(row.created_on)!,
    at: status === 'sent' || status === 'failed' ? iso(row.completed_on) : iso(row.start_after),
  };
}

/** One page of deliveries in a group, newest first. */
export async function listDeliveries(db: Database, query: DeliveryQuery): Promise<DeliveryList> {
  const wanted = sql.join(
    states[query.status].map((state) => sql`${state}`),
    sql`, `,
  );
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT *, count(*) OVER () AS total FROM ${allDeliveries}
        WHERE state IN (${wanted})
        ORDER BY created_on DESC, id
        LIMIT ${DELIVERIES_PAGE_SIZE} OFFSET ${(query.page - 1) * DELIVERIES_PAGE_SIZE}`,
  );
  return { deliveries: rows.map(toDelivery), total: Number(rows[0]?.total ?? 0) };
}

/** Gives a failed delivery one more try, at once. */
export async function retryDelivery(db: Database, jobs: JobQueue, id: string): Promise<Delivery> {
  const [row] = await rowsOf<Row>(
    db,
    sql`SELECT *, 1 AS total FROM ${allDeliveries} WHERE id = ${id}::uuid`,
  );
  if (!row) throw new AppError('delivery_not_found');
  const queue = row.name === deliveryQueues.sms ? deliveryQueues.sms : deliveryQueues.email;
  // Only a failed job can be tried again.
  if (!(await jobs.retry(queue, id))) throw new AppError('delivery_not_failed');
  return { ...toDelivery(row), status: 'retrying', reason: row.reason };
}
