import { ShieldCheck, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Administrator } from '#common/admin';
import type { User } from '#common/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useAdministrators, useRevokeAdministrator } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDate } from '../../lib/dates';
import { GrantAdminForm } from './grant-admin-form';

const fullName = (admin: Pick<Administrator, 'firstName' | 'lastName'>) =>
  `${admin.firstName} ${admin.lastName}`.trim();

/**
 * Who administers (Admin Management): the list, granting by email, and revoking after a
 * confirmation. One's own access cannot be revoked here (nor by the server, which also keeps
 * the last administrator).
 */
export function AdministratorsCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const admins = useAdministrators();
  const revoke = useRevokeAdministrator();
  const [toRevoke, setToRevoke] = useState<Administrator | null>(null);

  const onConfirm = () => {
    if (!toRevoke) return;
    const name = fullName(toRevoke);
    revoke.mutate(toRevoke.id, {
      onSuccess: () => toast({ title: t('admin.management.revoked', { name }) }),
      onError: (error) =>
        toast({
          title: t('admin.management.revokeFailed'),
          // Why the server refused (oneself, the last administrator), in the reader's words.
          description: apiErrorReason(t, error),
          variant: 'destructive',
        }),
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <ShieldCheck className="size-5 text-primary" aria-hidden />
        {t('admin.management.adminsTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.management.adminsText')}</p>

      {admins.isError ? (
        <p role="alert" className="mt-4">
          {t('admin.loadFailed')}
        </p>
      ) : admins.data ? (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
          {admins.data.map((admin) => {
            const self = admin.id === user.id;
            return (
              <li
                key={admin.id}
                className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {fullName(admin)}
                    {self ? <Badge variant="soft">{t('admin.management.you')}</Badge> : null}
                  </p>
                  <p className="break-all text-sm text-muted-foreground">
                    {admin.email ?? admin.phone}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.management.memberSince', {
                      date: formatDate(admin.createdAt, i18n.language),
                    })}
                  </p>
                </div>
                {self ? (
                  <p className="text-xs text-muted-foreground sm:max-w-48 sm:text-right">
                    {t('admin.management.cannotRevokeSelf')}
                  </p>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    className="shrink-0 text-destructive"
                    onClick={() => setToRevoke(admin)}
                    aria-label={t('admin.management.revokeLabel', { name: fullName(admin) })}
                  >
                    <UserMinus aria-hidden />
                    {t('admin.management.revoke')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <div role="status" aria-label={t('common.loading')} className="mt-4 grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}

      <GrantAdminForm />

      <ConfirmDialog
        open={toRevoke !== null}
        title={t('admin.management.revokeTitle')}
        text={t('admin.management.revokeText', { name: toRevoke ? fullName(toRevoke) : '' })}
        confirmText={t('admin.management.confirmRevoke')}
        pendingText={t('admin.management.revoking')}
        pending={revoke.isPending}
        onConfirm={onConfirm}
        onClose={() => setToRevoke(null)}
      />
    </Card>
  );
}
