import { useQuery } from '@tanstack/react-query';
import type { OwnResponseTime } from '#common/conversations';
import { apiRequest } from '../../lib/api-client';

/**
 * The reader's own response signals as a lister (issue 37), for the dashboard's Analytics tab.
 * No Zod here, as in unread.ts: this module is reachable from the feature's index, which the
 * header imports.
 */
export function useOwnResponseTime() {
  return useQuery({
    queryKey: ['/api/conversations/response-time'],
    queryFn: () => apiRequest<OwnResponseTime>('GET', '/api/conversations/response-time'),
  });
}

/** A number of minutes in the largest unit that keeps it readable: "45 min", "3 hr", "2 days". */
export function formatResponseMinutes(minutes: number, language: string): string {
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, minutes), 'minute']
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), 'hour']
        : [Math.round(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
    value,
  );
}
