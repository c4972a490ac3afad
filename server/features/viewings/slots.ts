import { DateTime } from 'luxon';
import { minutesOf, VIEWING_LEAD_HOURS, type ViewingWindow } from '#common/viewings';

/**
 * The free viewing times of a listing (issue 38), from its weekly hours in its own time zone:
 * every `slotMinutes` from each window's start while the viewing still ends inside it, on days
 * not blocked, from `from` to before `to`, not within VIEWING_LEAD_HOURS of now, and not
 * overlapping a time already confirmed for someone. A day's wall-clock times are turned into
 * instants in the zone (luxon), so a listing in California keeps its 10:00 across a change of
 * daylight-saving time.
 */
export type Hours = { slotMinutes: number; windows: ViewingWindow[]; blockedDates: string[] };
export type Taken = { startsAt: Date; endsAt: Date };

export function freeSlots(
  hours: Hours,
  timeZone: string,
  range: { from: Date; to: Date },
  now: Date,
  taken: readonly Taken[],
): Date[] {
  const earliest = Math.max(range.from.getTime(), now.getTime() + VIEWING_LEAD_HOURS * 3_600_000);
  const slotMs = hours.slotMinutes * 60_000;
  const blocked = new Set(hours.blockedDates);
  const found = new Set<number>();
  let day = DateTime.fromJSDate(range.from, { zone: timeZone }).startOf('day');
  const lastDay = DateTime.fromJSDate(range.to, { zone: timeZone }).startOf('day');
  while (day <= lastDay) {
    // luxon counts Monday as 1 … Sunday as 7; the contract, Sunday as 0.
    const weekday = day.weekday % 7;
    if (!blocked.has(day.toISODate()!)) {
      for (const window of hours.windows) {
        if (window.weekday !== weekday) continue;
        const end = minutesOf(window.end);
        for (let start = minutesOf(window.start); start + hours.slotMinutes <= end;) {
          const at = day.set({ hour: Math.floor(start / 60), minute: start % 60 }).toMillis();
          const free = !taken.some(
            (t) => t.startsAt.getTime() < at + slotMs && at < t.endsAt.getTime(),
          );
          if (at >= earliest && at < range.to.getTime() && free) found.add(at);
          start += hours.slotMinutes;
        }
      }
    }
    day = day.plus({ days: 1 });
  }
  return [...found].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/** An instant as the API gives it: ISO 8601 with the listing's offset ("…T10:30:00+00:00"). */
export function zonedIso(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISO({ suppressMilliseconds: true })!;
}
