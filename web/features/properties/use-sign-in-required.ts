import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentUserKey, useCurrentUser } from '../auth';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';

/** About a second between "Please log in" (or "Session expired") and the sign-in page (spec 9). */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

/** Runs callbacks later, and forgets them when the page goes away. */
function useLater() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return useCallback((callback: () => void, delay: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, delay);
    timers.current.add(timer);
  }, []);
}

/**
 * Owners' pages: a visitor sees "Please log in" and, a second later, the sign-in page, which
 * brings them back here. `sessionExpired` does the same when the API answers 401 later on.
 */
export function useSignInRequired() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const later = useLater();
  const signedOut = !isLoading && !user;

  useEffect(() => {
    if (!signedOut) return;
    toast({ title: t('listingForm.pleaseLogIn'), variant: 'destructive' });
    later(
      () => void navigate(paths.login(pathname + search), { replace: true }),
      LOGIN_REDIRECT_DELAY_MS,
    );
  }, [signedOut, t, later, navigate, pathname, search]);

  const sessionExpired = useCallback(() => {
    toast({
      title: t('listingForm.sessionExpired'),
      description: t('listingForm.sessionExpiredText'),
      variant: 'destructive',
    });
    later(() => {
      // Known signed out now, so the sign-in page does not send them straight back.
      queryClient.setQueryData(currentUserKey, null);
      void navigate(paths.login(pathname + search));
    }, LOGIN_REDIRECT_DELAY_MS);
  }, [t, later, navigate, queryClient, pathname, search]);

  return { user, isLoading, sessionExpired, later };
}
