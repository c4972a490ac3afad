import { Briefcase, Mail, Phone, UserRound } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { cn } from '../../lib/utils';

type Owner = Pick<
  AdminProperty,
  | 'ownerFirstName'
  | 'ownerLastName'
  | 'ownerEmail'
  | 'ownerPhone'
  | 'ownerBusinessName'
  | 'ownerUserType'
>;

/** Who listed it, as what (an owner, an agent: issue 51), and how to reach them (spec). */
export function OwnerDetails({ property, className }: { property: Owner; className?: string }) {
  const { t } = useTranslation();
  const name = `${property.ownerFirstName} ${property.ownerLastName}`.trim();
  return (
    <dl className={cn('grid gap-1 text-sm', className)}>
      <Line icon={<UserRound aria-hidden />} label={listerKind(t, property.ownerUserType)}>
        <span className="font-medium text-zinc-900">{name}</span>
      </Line>
      {property.ownerEmail ? (
        <Line icon={<Mail aria-hidden />} label={t('admin.owner.email')}>
          <a href={`mailto:${property.ownerEmail}`} className="break-all text-primary underline">
            {property.ownerEmail}
          </a>
        </Line>
      ) : null}
      {property.ownerPhone ? (
        <Line icon={<Phone aria-hidden />} label={t('admin.owner.phone')}>
          <a href={`tel:${property.ownerPhone}`} className="text-primary underline">
            {property.ownerPhone}
          </a>
        </Line>
      ) : null}
      {property.ownerBusinessName ? (
        <Line icon={<Briefcase aria-hidden />} label={t('admin.owner.business')}>
          {property.ownerBusinessName}
        </Line>
      ) : null}
    </dl>
  );
}

/** "Owner", "Agent": what the lister said they are, as their public page says it. */
export const listerKind = (t: TFunction, userType: Owner['ownerUserType']) =>
  t(`listerPage.kind.${userType}`);

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-4">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 text-zinc-700">{children}</dd>
    </div>
  );
}
