import type { AuditAction } from '#common/admin';
import type { Database } from '../../db/client';
import { auditLog } from './schema';
import type { UserRow } from '../../db/schema';

/** Writes one administrator action to the audit log (who, what, on what, when). */
export async function recordAudit(
  db: Database,
  actor: UserRow,
  /** One of common/admin.ts's list, which the admin panel labels. */
  action: AuditAction,
  targetType: string,
  targetId: string | null,
  details: Record<string, unknown> | null = null,
): Promise<void> {
  await db.insert(auditLog).values({ actorId: actor.id, action, targetType, targetId, details });
}
