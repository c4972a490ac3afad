import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providerCategories, type ProviderCategory } from '#common/providers';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useProviders } from './api';
import { ProviderCard } from './provider-card';

/** The Service Directory (signed-in users): approved providers, by trade and service area. */
export function ProviderDirectory() {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<ProviderCategory | ''>('');
  const [area, setArea] = useState('');
  const serviceArea = useDeferredValue(area.trim());
  const providers = useProviders({
    status: 'approved',
    categoryId: categoryId || undefined,
    serviceArea: serviceArea || undefined,
  });

  return (
    <section aria-labelledby="directory-heading" className="grid gap-6">
      <h2 id="directory-heading" className="text-2xl font-bold">
        {t('services.directory.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="directory-category" label={t('services.directory.category')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value as ProviderCategory | '')}
            >
              <option value="">{t('services.directory.allCategories')}</option>
              {providerCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`services.categories.${category}.name`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="directory-area" label={t('services.directory.area')}>
          {(control) => (
            <Input
              {...control}
              type="search"
              value={area}
              placeholder={t('services.directory.areaPlaceholder')}
              onChange={(event) => setArea(event.target.value)}
            />
          )}
        </FormField>
      </div>
      {providers.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          {t('services.directory.failed')}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void providers.refetch()}
          >
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : providers.data === undefined ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : providers.data.length === 0 ? (
        <p className="text-muted-foreground">{t('services.directory.none')}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('services.directory.count', { count: providers.data.length })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {providers.data.map((provider) => (
              <li key={provider.id} className="grid">
                <ProviderCard provider={provider} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
