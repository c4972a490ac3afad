import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VIEWING_REASON, NO_SHOW_HOURS, type Viewing } from '#common/viewings';
import { Button } from '../../components/ui/button';
import { NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { formatZonedTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useAnswerViewing, useViewingSlots, type ViewingAnswer } from './api';
import { otherPartyName } from '../../lib/party-name';

/**
 * What the reader can do with a viewing now (issue 38): the lister confirms or declines a
 * request (with a reason and another free time, if they like); either party cancels a request
 * or a confirmed viewing until it starts; after it, the lister says the renter did not come,
 * and the renter may answer "I was there" (issue 50), each after a second look. The server
 * decides; this only offers what it allows.
 */
export function ViewingActions({
  viewing,
  inList = false,
}: {
  viewing: Viewing;
  inList?: boolean;
}) {
  const { t } = useTranslation();
  const answer = useAnswerViewing(viewing.id);
  const [open, setOpen] = useState<'decline' | 'cancel' | 'wasThere' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // When the page was opened: a viewing that starts while it is open is refused by the server.
  const [openedAt] = useState(() => Date.now());
  const ahead = new Date(viewing.startsAt).getTime() > openedAt;
  const canAnswer = viewing.asLister && viewing.status === 'pending' && ahead;
  // A lister answers a request by declining it; cancelling is for a confirmed viewing.
  const canCancel =
    ahead &&
    (viewing.status === 'confirmed' || (viewing.status === 'pending' && !viewing.asLister));
  const sinceStart = openedAt - new Date(viewing.startsAt).getTime();
  const sinceEnd = openedAt - new Date(viewing.endsAt).getTime();
  const canMarkNoShow =
    viewing.asLister &&
    viewing.status === 'confirmed' &&
    !viewing.renterNoShow &&
    sinceStart > 0 &&
    sinceEnd < NO_SHOW_HOURS * 3_600_000;
  // The renter's answer to a no-show: once, whenever it was said.
  const canDispute = !viewing.asLister && viewing.renterNoShow && !viewing.noShowDisputed;
  if (!canAnswer && !canCancel && !canMarkNoShow && !canDispute) return null;

  const send = async (body: ViewingAnswer, told: string) => {
    setProblem(null);
    try {
      await answer.mutateAsync(body);
      setOpen(null);
      toast({ title: told });
    } catch (error) {
      setProblem(apiErrorText(t, error, t('viewings.actions.failed')));
    }
  };

  return (
    <div className={cn('grid gap-3', !inList && 'border-t border-border pt-4')}>
      <div className="flex flex-wrap gap-2">
        {canAnswer ? (
          <>
            <Button
              disabled={answer.isPending}
              onClick={() => void send({ action: 'confirm' }, t('viewings.actions.confirmed'))}
            >
              {t('viewings.actions.confirm')}
            </Button>
            <Button
              variant="outline"
              aria-expanded={open === 'decline'}
              onClick={() => setOpen(open === 'decline' ? null : 'decline')}
            >
              {t('viewings.actions.decline')}
            </Button>
          </>
        ) : null}
        {canMarkNoShow ? (
          <Button
            variant="outline"
            disabled={answer.isPending}
            onClick={() => void send({ action: 'no-show' }, t('viewings.actions.noShowSaved'))}
          >
            {t('viewings.actions.noShow', { name: otherPartyName(t, viewing) })}
          </Button>
        ) : null}
        {canDispute ? (
          <Button
            aria-expanded={open === 'wasThere'}
            onClick={() => setOpen(open === 'wasThere' ? null : 'wasThere')}
          >
            {t('viewings.actions.wasThere')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button
            variant="outline"
            aria-expanded={open === 'cancel'}
            onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}
          >
            {viewing.status === 'pending' && !viewing.asLister
              ? t('viewings.actions.withdraw')
              : t('viewings.actions.cancel')}
          </Button>
        ) : null}
      </div>
      {open === 'decline' ? (
        <DeclineForm
          viewing={viewing}
          busy={answer.isPending}
          onSend={(body) => void send(body, t('viewings.actions.declined'))}
        />
      ) : null}
      {open === 'cancel' ? (
        <ReasonForm
          id="cancel"
          label={t('viewings.actions.cancelReason')}
          submit={t('viewings.actions.cancelSubmit')}
          busy={answer.isPending}
          onSend={(reason) =>
            void send({ action: 'cancel', ...reason }, t('viewings.actions.cancelled'))
          }
        />
      ) : null}
      {open === 'wasThere' ? (
        <div className="grid gap-3">
          <p className="text-sm">
            {t('viewings.actions.wasThereConfirm', { name: otherPartyName(t, viewing) })}
          </p>
          <Button
            className="justify-self-start"
            disabled={answer.isPending}
            onClick={() =>
              void send({ action: 'dispute-no-show' }, t('viewings.actions.wasThereSaved'))
            }
          >
            {t('viewings.actions.wasThereSubmit')}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function ReasonForm({
  id,
  label,
  submit,
  busy,
  onSend,
  children,
}: {
  id: string;
  label: string;
  submit: string;
  busy: boolean;
  onSend: (body: { reason?: string }, form: HTMLFormElement) => void;
  children?: React.ReactNode;
}) {
  const [reason, setReason] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(reason.trim() ? { reason: reason.trim() } : {}, event.currentTarget);
  };
  return (
    <form className="grid gap-3" onSubmit={onSubmit}>
      <div className="grid gap-2">
        <Label htmlFor={`viewing-${id}-reason`}>{label}</Label>
        <Textarea
          id={`viewing-${id}-reason`}
          value={reason}
          maxLength={MAX_VIEWING_REASON}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {children}
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}

/** Declining, with a reason and one of the listing's free times offered instead, if wanted. */
function DeclineForm({
  viewing,
  busy,
  onSend,
}: {
  viewing: Viewing;
  busy: boolean;
  onSend: (body: ViewingAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  const slots = useViewingSlots(viewing.property.id);
  return (
    <ReasonForm
      id="decline"
      label={t('viewings.actions.declineReason')}
      submit={t('viewings.actions.declineSubmit')}
      busy={busy}
      onSend={(body, form) => {
        const other = new FormData(form).get('suggestedStartsAt');
        onSend({
          action: 'decline',
          ...body,
          ...(typeof other === 'string' && other ? { suggestedStartsAt: other } : {}),
        });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="viewing-suggested">{t('viewings.actions.offerTime')}</Label>
        <NativeSelect id="viewing-suggested" name="suggestedStartsAt" defaultValue="">
          <option value="">{t('viewings.actions.noOtherTime')}</option>
          {(slots.data?.slots ?? [])
            .filter((slot) => slot.startsAt !== viewing.startsAt)
            .map((slot) => (
              <option key={slot.startsAt} value={slot.startsAt}>
                {formatZonedTime(slot.startsAt, viewing.timeZone, i18n.language)}
              </option>
            ))}
        </NativeSelect>
      </div>
    </ReasonForm>
  );
}
