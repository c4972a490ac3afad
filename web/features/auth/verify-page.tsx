import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { VERIFICATION_CODE_LENGTH, verifyCodeBodySchema, type User } from '#common/auth';
import { safeNextPath } from '#common/auth-rules';
import { Button } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import {
  useCodeDelivery,
  useCurrentUser,
  useResendCode,
  useVerifyCode,
  VERIFIED_REDIRECT_MS,
  type VerificationMethod,
} from './api';
import { AuthCard, FormAlert } from './auth-card';
import { CodeInput } from './code-input';
import { localizeValidationMessage, requestErrorMessage, retryAfterOf, waitTime } from './messages';
import { secondsUntilResend } from './code-sent';
import { clock, useCountdown } from './use-countdown';

type Status = 'idle' | 'loading' | 'success' | 'error';

/**
 * /verify-email and /verify-phone (spec, verification): the 6-digit code sent at sign-up, a
 * Resend Code button, and, once verified, the page the account was heading to (`next`) after
 * three seconds. Visitors sign in first and come back here.
 */
export default function VerifyPage({ method }: { method: VerificationMethod }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const destination = safeNextPath(params.get('next'));
  const title = method === 'email' ? t('verify.emailTitle') : t('verify.phoneTitle');
  useDocumentTitle(title);

  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(pathname + search)} replace />;
  return <VerifyCode key={method} method={method} user={user} destination={destination} />;
}

function VerifyCode({
  method,
  user,
  destination,
}: {
  method: VerificationMethod;
  user: User;
  destination: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyCode(method);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [successMessage, setSuccessMessage] = useState('');
  const wait = useCountdown();
  const address = method === 'email' ? user.email : user.phone;
  // Read once: the verified answer updates the cached user, and success must stay on screen.
  const [alreadyVerified] = useState(method === 'email' ? user.emailVerified : user.phoneVerified);
  const title = method === 'email' ? t('verify.emailTitle') : t('verify.phoneTitle');

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(
      () => void navigate(destination, { replace: true }),
      VERIFIED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [status, destination, navigate]);

  if (status === 'success') {
    return (
      <AuthCard title={title} subtitle={t('verify.verifiedSubtitle')}>
        <div className="grid gap-4">
          <div
            role="status"
            className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {successMessage} {t('verify.redirecting')}
            </span>
          </div>
          <Button asChild>
            <Link to={destination} replace>
              {t('verify.continue')}
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (alreadyVerified || !address) {
    const text = alreadyVerified
      ? method === 'email'
        ? t('verify.emailAlreadyVerified')
        : t('verify.phoneAlreadyVerified')
      : method === 'email'
        ? t('verify.noEmail')
        : t('verify.noPhone');
    return (
      <AuthCard title={title} subtitle={text}>
        <Button asChild className="w-full">
          {/* Where the reader was heading comes along: adding the phone in the settings leads
              back here, then there (a review needs one: issue 51). */}
          <Link to={alreadyVerified ? destination : paths.accountSettings(destination)}>
            {alreadyVerified ? t('verify.continue') : t('verify.accountSettings')}
          </Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifyCodeBodySchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(localizeValidationMessage(t, parsed.error.issues[0]?.message));
      return;
    }
    setCodeError(undefined);
    setFailure(null);
    setStatus('loading');
    try {
      await verify.mutateAsync(parsed.data);
      setSuccessMessage(t(method === 'email' ? 'verify.emailVerified' : 'verify.phoneVerified'));
      setStatus('success');
    } catch (error) {
      setStatus('error');
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== null) wait.start(retryAfter);
      setFailure(verifyErrorMessage(t, error));
    }
  };

  const subtitle =
    method === 'email'
      ? t('verify.emailSentTo', { address })
      : t('verify.phoneSentTo', { address });
  const locked = wait.secondsLeft > 0;

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <CodeInput
          id="verify-code"
          label={t('verify.codeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeError(undefined);
          }}
          error={codeError}
        />
        <p className="-mt-2 text-xs text-muted-foreground">{t('verify.codeHint')}</p>
        <CodeDeliveryNotice method={method} />
        <FormAlert message={failure} />
        {locked ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('verify.tryAgainIn', { time: clock(wait.secondsLeft) })}
          </p>
        ) : null}
        <VerifyButton
          pending={status === 'loading'}
          disabled={code.length !== VERIFICATION_CODE_LENGTH || locked}
        />
      </form>
      {/* A new code can be tried at once, even after too many wrong ones. */}
      <ResendCode method={method} onResent={() => wait.start(0)} />
    </AuthCard>
  );
}

/**
 * What became of the code's message (issue 18): nothing while it is on its way or sent; a
 * note while the provider fails and we retry; an alert when it could not be sent at all.
 */
function CodeDeliveryNotice({ method }: { method: VerificationMethod }) {
  const { t } = useTranslation();
  const status = useCodeDelivery(method).data?.status;
  if (status === 'failed') return <FormAlert message={t('verify.delivery.failed')} />;
  if (status === 'retrying') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('verify.delivery.retrying')}
      </p>
    );
  }
  return null;
}

/** The submit button, disabled until six digits are in (spec 5), with a spinner while it works. */
function VerifyButton({ pending, disabled }: { pending: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={disabled || pending}>
      {pending ? <Spinner /> : null}
      {pending ? t('verify.verifying') : t('verify.verify')}
    </Button>
  );
}

/**
 * Spec 8: the server's text for a refused code (in the reader's language when the app knows
 * it), else the fallbacks; after too many tries, a new code or the wait.
 */
function verifyErrorMessage(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  const wait = retryAfterOf(error);
  if (wait !== null) return t('verify.tooManyCodes', { time: waitTime(t, wait) });
  if (error instanceof ApiRequestError && error.status === 401) return t('verify.signedOut');
  if (error instanceof ApiRequestError && error.status < 500) {
    return requestErrorMessage(t, error, t('errors.code_invalid'));
  }
  return requestErrorMessage(t, error, t('verify.verificationError'));
}

/** Resend Code: a new code, or how long to wait, counted down on the button after a 429. */
function ResendCode({ method, onResent }: { method: VerificationMethod; onResent: () => void }) {
  const { t } = useTranslation();
  const resend = useResendCode(method);
  const wait = useCountdown();
  // A code went out moments ago (sign-up, a changed address, a resend): wait for the next.
  const { start } = wait;
  useEffect(() => {
    const seconds = secondsUntilResend(method);
    if (seconds > 0) start(seconds);
  }, [method, start]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const fallback =
    method === 'email' ? t('verify.resendEmailFailed') : t('verify.resendPhoneFailed');

  const onResend = async () => {
    setNotice(null);
    try {
      await resend.mutateAsync();
      setNotice({
        ok: true,
        text: t(method === 'email' ? 'verify.emailCodeResent' : 'verify.phoneCodeResent'),
      });
      onResent();
      wait.start(secondsUntilResend(method));
    } catch (error) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== null) {
        wait.start(retryAfter);
        setNotice({ ok: false, text: t('verify.resendWait', { time: waitTime(t, retryAfter) }) });
        return;
      }
      setNotice({ ok: false, text: requestErrorMessage(t, error, fallback) });
    }
  };

  return (
    <div className="mt-6 grid gap-2 border-t border-border pt-4 text-center text-sm">
      <p className="text-muted-foreground">{t('verify.noCode')}</p>
      <Button
        type="button"
        variant="outline"
        onClick={() => void onResend()}
        disabled={resend.isPending || wait.secondsLeft > 0}
      >
        {wait.secondsLeft > 0
          ? t('verify.resendIn', { time: clock(wait.secondsLeft) })
          : resend.isPending
            ? t('verify.resending')
            : t('verify.resend')}
      </Button>
      {notice?.ok ? (
        <p role="status" className="text-green-800">
          {notice.text}
        </p>
      ) : null}
      <FormAlert message={notice && !notice.ok ? notice.text : null} />
    </div>
  );
}
