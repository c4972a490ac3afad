import { BadgeCheck, Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ServiceProvider } from '#common/providers';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { categoryIcons } from './categories';

/** A provider of the directory: trade, area, experience, services and how to reach them. */
export function ProviderCard({ provider }: { provider: ServiceProvider }) {
  const { t } = useTranslation();
  const Icon = categoryIcons[provider.categoryId];
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-hover">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="break-words text-base font-semibold">{provider.businessName}</h3>
          <p className="text-sm text-muted-foreground">
            {t(`services.categories.${provider.categoryId}.name`)}
          </p>
        </div>
        {provider.status === 'approved' ? (
          <Badge variant="soft">
            <BadgeCheck aria-hidden />
            {t('services.directory.verified')}
          </Badge>
        ) : null}
      </div>
      <p className="text-sm">{provider.servicesOffered}</p>
      {provider.description ? (
        <p className="text-sm text-muted-foreground">{provider.description}</p>
      ) : null}
      <ul className="grid gap-1.5 text-sm text-zinc-700 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden />
          {provider.serviceArea}
        </li>
        <li className="flex items-center gap-2">
          <Clock aria-hidden />
          {t('services.directory.experience', { count: provider.yearsExperience })}
        </li>
        {provider.emergencyAvailable ? (
          <li className="flex items-center gap-2">
            <Siren aria-hidden />
            {t('services.directory.emergency')}
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <Phone aria-hidden />
          <a href={`tel:${provider.phone}`} className="underline-offset-4 hover:underline">
            {provider.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Mail aria-hidden />
          <a
            href={`mailto:${provider.email}`}
            className="break-all underline-offset-4 hover:underline"
          >
            {provider.email}
          </a>
        </li>
      </ul>
      <p className="mt-auto text-xs text-muted-foreground">
        {t('services.directory.contactPerson', { name: provider.contactPerson })}
      </p>
    </Card>
  );
}
