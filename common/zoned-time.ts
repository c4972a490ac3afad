/**
 * A viewing's time (issue 38) where the place is, not where the reader is, with the zone's
 * name: "Sat, Dec 6, 10:30 AM GMT". A renter abroad books a time in Accra. The web app shows
 * it so, and the e-mails, texts and calendar files say it so.
 */
export function zonedTimeText(iso: string, timeZone: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const date = new Date(iso);
  if (!language.toLowerCase().startsWith('zh')) return format.format(date);
  // Chinese puts the zone between the day and the hour ("12月5日周六 GMT+0 10:00"): a reader
  // takes "GMT+0 10:00" for an offset. Written as Chinese does it elsewhere (issue 51): the
  // date, the weekday, the time, then the zone in full-width brackets, "GMT" for Accra's.
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts
      .filter((p) => p.type === type)
      .map((p) => p.value)
      .join('');
  const zone = part('timeZoneName').replace(/^(GMT|UTC)\+0$/, 'GMT');
  const time = `${part('dayPeriod')}${part('hour')}:${part('minute')}`;
  return `${part('month')}月${part('day')}日 ${part('weekday')} ${time}（${zone}）`;
}
