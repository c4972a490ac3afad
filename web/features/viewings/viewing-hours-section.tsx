import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewingHours } from '#common/viewings';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText, localizeFieldMessage } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useSaveViewingHours, useViewingHours } from './api';
import { ViewingHoursFields } from './viewing-hours-fields';

/**
 * The edit page's "Viewing hours" (issue 38): the listing's hours as saved, edited and saved on
 * their own (they are not part of the listing's review).
 */
export function ViewingHoursSection({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation();
  const saved = useViewingHours(propertyId);
  if (saved.isError) {
    return <p role="alert">{apiErrorText(t, saved.error, t('viewings.hours.loadFailed'))}</p>;
  }
  if (!saved.data) return <Skeleton className="h-32 w-full" />;
  const { timeZone, ...stored } = saved.data;
  return <HoursEditor propertyId={propertyId} stored={stored} timeZone={timeZone} />;
}

function HoursEditor({
  propertyId,
  stored,
  timeZone,
}: {
  propertyId: string;
  stored: ViewingHours;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const save = useSaveViewingHours(propertyId);
  const [hours, setHours] = useState(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSave = async () => {
    setErrors({});
    try {
      await save.mutateAsync(hours);
      toast({ title: t('viewings.hours.saved') });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([field, code]) => [
              field,
              localizeFieldMessage(t, code) ?? code,
            ]),
          ),
        );
      }
      toast({
        title: apiErrorText(t, error, t('viewings.hours.saveFailed')),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t('viewings.hours.zone', { zone: timeZone })}
      </p>
      <ViewingHoursFields value={hours} onChange={setHours} idPrefix="edit" errors={errors} />
      <Button
        type="button"
        className="justify-self-start"
        disabled={save.isPending}
        onClick={() => void onSave()}
      >
        {t('viewings.hours.save')}
      </Button>
    </div>
  );
}
