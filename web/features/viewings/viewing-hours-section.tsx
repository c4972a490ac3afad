import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewingHours } from '#common/viewings';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText, localizeFieldMessage } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useCopyViewingHours, useSaveViewingHours, useViewingHours } from './api';
import { ViewingHoursFields } from './viewing-hours-fields';

/**
 * The edit page's "Viewing hours" (issue 38): the listing's hours as saved, edited and saved on
 * their own (they are not part of the listing's review), and copied to the lister's other
 * listings in one action (issue 51).
 */
export function ViewingHoursSection({
  propertyId,
  otherListings = [],
}: {
  propertyId: string;
  /** The lister's other listings, to copy these hours to in one action (issue 51). */
  otherListings?: readonly OtherListing[];
}) {
  const { t } = useTranslation();
  const saved = useViewingHours(propertyId);
  if (saved.isError) {
    return <p role="alert">{apiErrorText(t, saved.error, t('viewings.hours.loadFailed'))}</p>;
  }
  if (!saved.data) return <Skeleton className="h-32 w-full" />;
  const { timeZone, ...stored } = saved.data;
  return (
    <HoursEditor
      propertyId={propertyId}
      stored={stored}
      timeZone={timeZone}
      otherListings={otherListings}
    />
  );
}

type OtherListing = { id: string; title: string };

function HoursEditor({
  propertyId,
  stored,
  timeZone,
  otherListings,
}: {
  propertyId: string;
  stored: ViewingHours;
  timeZone: string;
  otherListings: readonly OtherListing[];
}) {
  const { t } = useTranslation();
  const save = useSaveViewingHours(propertyId);
  const [hours, setHours] = useState(stored);
  const [savedHours, setSavedHours] = useState(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Saves the hours as edited; whether they were saved. */
  const onSave = async (quiet = false): Promise<boolean> => {
    setErrors({});
    try {
      await save.mutateAsync(hours);
      setSavedHours(hours);
      if (!quiet) toast({ title: t('viewings.hours.saved') });
      return true;
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
      return false;
    }
  };
  // What is copied is what the lister sees: hours edited since the last save are saved first.
  const saveIfEdited = () =>
    JSON.stringify(hours) === JSON.stringify(savedHours) ? Promise.resolve(true) : onSave(true);
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
      {otherListings.length > 0 ? (
        <CopyHours propertyId={propertyId} listings={otherListings} beforeCopy={saveIfEdited} />
      ) : null}
    </div>
  );
}

/** The lister's other listings, all ticked at first, and one button to give them these hours. */
function CopyHours({
  propertyId,
  listings,
  beforeCopy,
}: {
  propertyId: string;
  listings: readonly OtherListing[];
  beforeCopy(): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const copy = useCopyViewingHours(propertyId);
  const [chosen, setChosen] = useState(() => new Set(listings.map((listing) => listing.id)));
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const onCopy = async () => {
    setProblem(null);
    if (chosen.size === 0) return setProblem(t('viewings.hours.copyNone'));
    if (!(await beforeCopy())) return;
    try {
      const copied = await copy.mutateAsync([...chosen]);
      toast({ title: t('viewings.hours.copied', { count: copied.length }) });
    } catch (error) {
      setProblem(apiErrorText(t, error, t('viewings.hours.copyFailed')));
    }
  };
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t('viewings.hours.copyTitle')}</legend>
      <ul className="grid max-h-56 gap-2 overflow-y-auto">
        {listings.map((listing) => (
          <li key={listing.id}>
            <label className="flex items-start gap-2 text-sm">
              <Checkbox
                className="mt-0.5"
                checked={chosen.has(listing.id)}
                onChange={() => toggle(listing.id)}
              />
              <span className="min-w-0 break-words">{listing.title}</span>
            </label>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={copy.isPending || chosen.size === 0}
        onClick={() => void onCopy()}
      >
        {t('viewings.hours.copyTo', { count: chosen.size })}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
