import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import type { TrackVisitorBody } from '#common/analytics';
import { visitorId } from './visitor-id';

/** Long enough for the page to set its title; a redirect in between is not a page load. */
const SETTLE_MS = 800;

/** POST /api/analytics/track-visitor; a failure is only logged (spec). */
export async function trackVisit(body: TrackVisitorBody): Promise<void> {
  try {
    await apiRequest('POST', '/api/analytics/track-visitor', body);
  } catch (error) {
    console.warn('Visit not recorded', error);
  }
}

/** Reports every page load and every in-app navigation of the web app. */
export function useVisitorTracking() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void trackVisit({
        visitorId: visitorId(),
        pageUrl: window.location.href,
        pageTitle: document.title,
      });
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
