import { AlertCircle, Bell, BellOff, Clock, Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { UnsubscribeTarget } from '#common/saved-searches';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useChangeAlerts, useUnsubscribeLink } from './unsubscribe-api';

/**
 * /alerts/unsubscribe?token=… (issue 34): where every alert's unsubscribe link lands, signed
 * out. Opening it changes nothing (mail scanners and link previews open links): it says what
 * will stop, and its button stops it; then "Undo", and the way to the saved searches. An
 * expired link says so and offers to sign in; public, so it says nothing about the reader.
 */
export default function AlertsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // Keyed, so another link opened in the same tab starts afresh.
  return token ? <Unsubscribe key={token} token={token} /> : <InvalidLink />;
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const link = useUnsubscribeLink(token);
  const change = useChangeAlerts();
  // The newest answer: the POST's once there is one, else what the link said.
  const target = change.data ?? link.data;

  if (link.isError) {
    const { error } = link;
    if (error instanceof ApiRequestError && error.code === 'unsubscribe_link_expired') {
      return <ExpiredLink />;
    }
    if (error instanceof ApiRequestError && error.status < 500) return <InvalidLink />;
    return (
      <Frame icon={AlertCircle} title={t('savedSearches.unsubscribe.title')}>
        <Failure text={apiErrorText(t, error, t('savedSearches.unsubscribe.failed'))} />
        <Button type="button" onClick={() => void link.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Frame>
    );
  }
  if (!target) {
    return (
      <Frame icon={Bell} title={t('savedSearches.unsubscribe.title')}>
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner className="text-primary" />
          {t('savedSearches.unsubscribe.reading')}
        </p>
      </Frame>
    );
  }

  // The link expired between opening the page and pressing the button.
  if (change.error instanceof ApiRequestError && change.error.code === 'unsubscribe_link_expired') {
    return <ExpiredLink />;
  }
  const failure = change.isError ? (
    <Failure text={apiErrorText(t, change.error, t('savedSearches.unsubscribe.failed'))} />
  ) : null;
  const busy = change.isPending;

  if (target.stopped) {
    return (
      <Frame icon={BellOff} title={t('savedSearches.stopped.title')}>
        <p role="status" className="text-muted-foreground">
          {stoppedText(t, target)}
        </p>
        {failure}
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => change.mutate({ token, undo: true })}
          >
            {t('savedSearches.unsubscribe.undo')}
          </Button>
          <Button asChild>
            <Link to={paths.savedSearches()}>{t('savedSearches.stopped.manage')}</Link>
          </Button>
        </div>
      </Frame>
    );
  }
  return (
    <Frame icon={Bell} title={t('savedSearches.unsubscribe.title')}>
      <p className="text-muted-foreground">{whatStopsText(t, target)}</p>
      {change.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          {t('savedSearches.unsubscribe.resumed')}
        </p>
      ) : null}
      {failure}
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" disabled={busy} onClick={() => change.mutate({ token, undo: false })}>
          {busy ? <Spinner /> : <BellOff aria-hidden />}
          {t('savedSearches.unsubscribe.confirm')}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.savedSearches()}>{t('savedSearches.stopped.manage')}</Link>
        </Button>
      </div>
    </Frame>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

const whatStopsText = (t: T, target: UnsubscribeTarget) =>
  target.kind === 'price-alerts'
    ? t('savedSearches.unsubscribe.priceAlerts', { name: target.name })
    : t('savedSearches.unsubscribe.savedSearch', { name: target.name });

const stoppedText = (t: T, target: UnsubscribeTarget) =>
  target.kind === 'price-alerts'
    ? t('savedSearches.stopped.priceText', { name: target.name })
    : t('savedSearches.stopped.text', { name: target.name });

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Frame icon={Link2Off} title={t('savedSearches.stopped.invalid')}>
      <p className="text-muted-foreground">{t('errors.unsubscribe_link_invalid')}</p>
      <div className="flex justify-center">
        <Button asChild>
          <Link to={paths.savedSearches()}>{t('savedSearches.stopped.manage')}</Link>
        </Button>
      </div>
    </Frame>
  );
}

function ExpiredLink() {
  const { t } = useTranslation();
  return (
    <Frame icon={Clock} title={t('savedSearches.unsubscribe.expired')}>
      <p className="text-muted-foreground">{t('errors.unsubscribe_link_expired')}</p>
      <div className="flex justify-center">
        <Button asChild>
          <Link to={paths.login(paths.savedSearches())}>
            {t('savedSearches.unsubscribe.signIn')}
          </Link>
        </Button>
      </div>
    </Frame>
  );
}

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950">
      {text}
    </p>
  );
}

function Frame({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Bell;
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="grid w-full max-w-md gap-4 p-8 text-center">
        <Icon className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
