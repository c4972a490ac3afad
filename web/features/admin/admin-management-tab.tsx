import type { User } from '#common/auth';
import { AdministratorsCard } from './administrators-card';
import { AuditLog } from './audit-log';

/** Admin Management: the administrators (grant, revoke) and the audit log of their actions. */
export function AdminManagementTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <AdministratorsCard user={user} />
      <AuditLog />
    </div>
  );
}
