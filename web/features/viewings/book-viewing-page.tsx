import { CalendarClock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { MAX_VIEWING_NOTE } from '#common/viewings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioPill } from '../../components/ui/radio-pill';
import { Skeleton } from '../../components/ui/skeleton';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useRequestViewing, useViewingSlots } from './api';
import { FreeViewingNote } from './free-viewing-note';
import { dayLabel, slotsByDay, timeLabel, zoneName } from './times';

/**
 * /property/:id/book-viewing (issue 38): a signed-in renter picks one of the listing's free
 * times and sends the request, with a note if they like. Visitors sign up first and come back.
 * The page says, before anything else, that viewings booked on Abode are free.
 */
export default function BookViewingPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.register({ action: 'viewing', propertyId: id })} replace />;
  return <BookViewing propertyId={id} />;
}

function BookViewing({ propertyId }: { propertyId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('viewings.book.title'));
  const slots = useViewingSlots(propertyId);
  const request = useRequestViewing(propertyId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem(t('viewings.book.pickTime'));
      return;
    }
    setProblem(null);
    try {
      const created = await request.mutateAsync({
        startsAt: chosen,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast({ title: t('viewings.book.sent'), description: t('viewings.book.sentText') });
      void navigate(paths.viewing(created.id));
    } catch (error) {
      // Taken meanwhile: the times are read again, and the choice goes.
      if (error instanceof ApiRequestError && error.code === 'viewing_slot_taken') {
        setChosen(null);
        void slots.refetch();
      }
      setProblem(apiErrorText(t, error, t('viewings.book.failed')));
    }
  };

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16 pt-8 sm:px-6">
      <div className="grid gap-2">
        <Link to={paths.property(propertyId)} className="text-sm text-primary underline">
          {t('viewings.book.back')}
        </Link>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <CalendarClock aria-hidden className="size-6 text-primary" />
          {t('viewings.book.title')}
        </h1>
      </div>
      <FreeViewingNote />
      {slots.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : slots.isError ? (
        <p role="alert" className="text-destructive">
          {apiErrorText(t, slots.error, t('viewings.book.loadFailed'))}
        </p>
      ) : slots.data.slots.length === 0 ? (
        <Card className="grid gap-3 p-4">
          <p>{t('viewings.book.noTimes')}</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={paths.contactLandlord(propertyId)}>{t('viewings.book.message')}</Link>
          </Button>
        </Card>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="grid gap-6" noValidate>
          <p className="text-sm text-muted-foreground">
            {t('viewings.zoneNote', {
              zone: zoneName(slots.data.slots[0]!.startsAt, slots.data.timeZone, i18n.language),
            })}
          </p>
          {slotsByDay(slots.data.slots, slots.data.timeZone).map(({ day, slots: times }) => (
            <fieldset key={day} className="grid gap-2">
              <legend className="mb-2 font-semibold">
                {dayLabel(times[0]!, slots.data.timeZone, i18n.language)}
              </legend>
              <div className="flex flex-wrap gap-2">
                {times.map((startsAt) => (
                  <RadioPill
                    key={startsAt}
                    name="startsAt"
                    value={startsAt}
                    checked={chosen === startsAt}
                    onChange={() => setChosen(startsAt)}
                  >
                    {timeLabel(startsAt, slots.data.timeZone, i18n.language)}
                  </RadioPill>
                ))}
              </div>
            </fieldset>
          ))}
          <div className="grid gap-2">
            <Label htmlFor="viewing-note">{t('viewings.book.note')}</Label>
            <Textarea
              id="viewing-note"
              value={note}
              maxLength={MAX_VIEWING_NOTE}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('viewings.book.notePlaceholder')}
            />
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={request.isPending}>
            {t('viewings.book.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
