import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  MAX_BLOCKED_DATES,
  MAX_VIEWING_WINDOWS,
  type ViewingHours,
  type ViewingWindow,
} from '#common/viewings';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

const slotLengths = [15, 30, 45, 60, 90, 120];
/** Monday first, as a week is read in Ghana; the API counts Sunday as 0. */
const weekdays = [1, 2, 3, 4, 5, 6, 0];

export const noViewingHours: ViewingHours = { slotMinutes: 30, windows: [], blockedDates: [] };

/**
 * The listing form's "Viewing hours" (issue 38): how long a viewing takes, the weekly hours
 * (a day, from, to; several a day if wanted) and days off, in the listing's time zone. It only
 * edits the value; the wizard and the edit page save it. `errors` are the server's, by field
 * ("windows.1.start").
 */
export function ViewingHoursFields({
  value,
  onChange,
  idPrefix,
  errors = {},
}: {
  value: ViewingHours;
  onChange: (hours: ViewingHours) => void;
  idPrefix: string;
  errors?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const dayName = (weekday: number) =>
    // 4 January 2026 was a Sunday: day 0 of that week.
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 0, 4 + weekday)),
    );
  const setWindow = (index: number, change: Partial<ViewingWindow>) =>
    onChange({
      ...value,
      windows: value.windows.map((window, i) => (i === index ? { ...window, ...change } : window)),
    });
  const error = (field: string) =>
    errors[field] ? (
      <p className="text-sm text-destructive" id={`${idPrefix}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('viewings.hours.intro')}</p>
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={`${idPrefix}-slot-minutes`}>{t('viewings.hours.slotMinutes')}</Label>
        <NativeSelect
          id={`${idPrefix}-slot-minutes`}
          value={value.slotMinutes}
          onChange={(event) => onChange({ ...value, slotMinutes: Number(event.target.value) })}
        >
          {slotLengths.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('viewings.hours.minutes', { count: minutes })}
            </option>
          ))}
        </NativeSelect>
        {error('slotMinutes')}
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t('viewings.hours.windows')}</legend>
        {value.windows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('viewings.hours.none')}</p>
        ) : null}
        {value.windows.map((window, index) => (
          <div key={index} className="grid gap-1">
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${idPrefix}-window-${index}-day`}>{t('viewings.hours.day')}</Label>
                <NativeSelect
                  id={`${idPrefix}-window-${index}-day`}
                  value={window.weekday}
                  onChange={(event) => setWindow(index, { weekday: Number(event.target.value) })}
                >
                  {weekdays.map((weekday) => (
                    <option key={weekday} value={weekday}>
                      {dayName(weekday)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {/* From, to and remove stay on one line when the day takes a line of its own. */}
              <div className="flex items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`${idPrefix}-window-${index}-start`}>
                    {t('viewings.hours.from')}
                  </Label>
                  <Input
                    id={`${idPrefix}-window-${index}-start`}
                    type="time"
                    step={900}
                    value={window.start}
                    onChange={(event) => setWindow(index, { start: event.target.value })}
                    className="w-32"
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${idPrefix}-window-${index}-end`}>
                    {t('viewings.hours.to')}
                  </Label>
                  <Input
                    id={`${idPrefix}-window-${index}-end`}
                    type="time"
                    step={900}
                    value={window.end === '24:00' ? '23:59' : window.end}
                    onChange={(event) => setWindow(index, { end: event.target.value })}
                    className="w-32"
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('viewings.hours.remove', { day: dayName(window.weekday) })}
                  onClick={() =>
                    onChange({ ...value, windows: value.windows.filter((_, i) => i !== index) })
                  }
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
            {error(`windows.${index}.start`)}
            {error(`windows.${index}.end`)}
          </div>
        ))}
        {value.windows.length < MAX_VIEWING_WINDOWS ? (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() =>
              onChange({
                ...value,
                windows: [...value.windows, { weekday: 6, start: '10:00', end: '14:00' }],
              })
            }
          >
            <Plus aria-hidden />
            {t('viewings.hours.add')}
          </Button>
        ) : null}
        {error('windows')}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">{t('viewings.hours.blocked')}</legend>
        <ul className="flex flex-wrap gap-2">
          {value.blockedDates.map((date) => (
            <li
              key={date}
              className="flex items-center gap-1 rounded-full border px-3 py-1 text-sm"
            >
              {new Intl.DateTimeFormat(i18n.language, {
                dateStyle: 'medium',
                timeZone: 'UTC',
              }).format(new Date(`${date}T00:00:00Z`))}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t('viewings.hours.unblock', { date })}
                onClick={() =>
                  onChange({ ...value, blockedDates: value.blockedDates.filter((d) => d !== date) })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        {value.blockedDates.length < MAX_BLOCKED_DATES ? (
          <div className="grid max-w-xs gap-1">
            <Label htmlFor={`${idPrefix}-blocked-date`}>{t('viewings.hours.blockDay')}</Label>
            <Input
              id={`${idPrefix}-blocked-date`}
              type="date"
              value=""
              onChange={(event) => {
                const date = event.target.value;
                if (date && !value.blockedDates.includes(date)) {
                  onChange({ ...value, blockedDates: [...value.blockedDates, date].sort() });
                }
              }}
            />
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
