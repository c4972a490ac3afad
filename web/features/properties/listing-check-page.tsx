import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ConfirmationAnswer } from '#common/listing-confirmations';
import { LISTING_CONFIRM_DAYS, RENTED_PAGE_DAYS } from '#common/listing-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useConfirmListing } from './confirmation-api';

const answerOf = (value: string | null): ConfirmationAnswer | null =>
  value === 'available' || value === 'rented' ? value : null;

/**
 * /listing-check?token=…&answer=available|rented: where the two one-tap links of the monthly
 * reminder land (issue 21), without sign-in. The page, not the link, sends the answer, so a
 * mail scanner that fetches links changes nothing; a link without both parts is refused here.
 */
export default function ListingCheckPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('listingCheck.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const answer = answerOf(params.get('answer'));

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <h1 className="text-2xl font-bold">{t('listingCheck.title')}</h1>
          {token && answer ? (
            // Keyed, so another link opened in the same tab sends its own answer.
            <SendAnswer key={`${answer}:${token}`} token={token} answer={answer} />
          ) : (
            <Outcome failed text={t('errors.confirmation_link_invalid')} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SendAnswer({ token, answer }: { token: string; answer: ConfirmationAnswer }) {
  const { t } = useTranslation();
  const confirmation = useConfirmListing();
  const { mutate } = confirmation;
  // Sent once: React's StrictMode runs effects twice in development, and a second answer
  // would only meet a used link.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token, answer });
  }, [mutate, token, answer]);

  if (confirmation.isSuccess) {
    const { title } = confirmation.data;
    return confirmation.data.answer === 'rented' ? (
      <Outcome text={t('listingCheck.rented', { title, days: RENTED_PAGE_DAYS })} />
    ) : (
      <Outcome text={t('listingCheck.available', { title, days: LISTING_CONFIRM_DAYS })} />
    );
  }
  if (confirmation.isError) {
    const { error } = confirmation;
    // Trying again helps only when the link itself was not refused (offline, a server fault).
    const retry = !(error instanceof ApiRequestError) || error.status >= 500;
    return (
      <Outcome
        failed
        text={apiErrorText(t, error, t('listingCheck.failed'))}
        onRetry={retry ? () => mutate({ token, answer }) : undefined}
      />
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="text-primary" />
      {t('listingCheck.sending')}
    </p>
  );
}

/** What came of the answer, and the way to the dashboard, where everything else is done. */
function Outcome({
  text,
  failed = false,
  onRetry,
}: {
  text: string;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const Icon = failed ? AlertCircle : CheckCircle2;
  return (
    <>
      <p
        role={failed ? 'alert' : 'status'}
        className={
          failed
            ? 'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950'
            : 'flex items-start gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-950'
        }
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{text}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.dashboard()}>{t('listingCheck.manage')}</Link>
        </Button>
        {onRetry ? (
          <Button type="button" variant="outline" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
