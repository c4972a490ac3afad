import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, MessageSquareText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { SubmitButton } from '../../components/ui/submit-button';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useForgotPassword, useResetPassword, useSignUpMethods } from './api';
import { AuthCard, AuthSwitchLink, FormAlert } from './auth-card';
import { CodeInput } from './code-input';
import { ContactMethodFields, type ContactMethod } from './contact-method-fields';
import {
  forgotPasswordFormSchema,
  phoneResetFormSchema,
  type ForgotPasswordFormInput,
  type ForgotPasswordFormOutput,
  type PhoneResetForm,
} from './forms';
import { localizeValidationMessage, requestErrorMessage } from './messages';
import { PasswordChangeFields } from './password-change-fields';
import { ResetDone } from './reset-done';

type Step =
  { step: 'ask' } | { step: 'link-sent' } | { step: 'code-sent'; phone: string } | { step: 'done' };

/**
 * /forgot-password (spec; issue 34): Email and Phone tabs, as on sign-up. By e-mail a link is
 * mailed; by phone a 6-digit code is texted, and the page then asks for it with the new
 * password. The answer is the same whether or not an account has that address or number, so
 * the page only repeats it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.forgotTitle'));
  const [state, setState] = useState<Step>({ step: 'ask' });
  // Kept across the steps: "Send a new code" comes back to the number typed.
  const form = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormOutput>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { method: 'email', email: '', phone: '' },
  });

  switch (state.step) {
    case 'link-sent':
      return (
        <Sent
          title={t('passwordReset.checkEmailTitle')}
          hint={t('passwordReset.linkHint')}
          icon={<MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />}
          text={t('passwordReset.linkSent')}
        >
          <AuthSwitchLink
            prompt={t('passwordReset.remembered')}
            to={paths.login()}
            label={t('nav.signIn')}
          />
        </Sent>
      );
    case 'code-sent':
      return (
        <PhoneCodeReset
          phone={state.phone}
          onNewCode={() => setState({ step: 'ask' })}
          onDone={() => setState({ step: 'done' })}
        />
      );
    case 'done':
      return <ResetDone />;
    default:
      return (
        <AskForReset
          form={form}
          onSent={(body) =>
            setState(
              'phone' in body ? { step: 'code-sent', phone: body.phone } : { step: 'link-sent' },
            )
          }
        />
      );
  }
}

function AskForReset({
  form,
  onSent,
}: {
  form: ReturnType<typeof useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormOutput>>;
  onSent: (body: ForgotPasswordFormOutput) => void;
}) {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  // A server that cannot send text messages says so on the Phone tab, as sign-up does.
  const methods = useSignUpMethods();
  const [failure, setFailure] = useState<string | null>(null);
  const method: ContactMethod = useWatch({ control: form.control, name: 'method' }) ?? 'email';
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(body);
      onSent(body);
    } catch (error) {
      const field = 'phone' in body ? 'phone' : 'email';
      if (error instanceof ApiRequestError && error.fields[field]) {
        form.setError(field, { message: error.fields[field] });
        return;
      }
      const fallback =
        field === 'phone' ? 'passwordReset.codeSendFailed' : 'passwordReset.sendFailed';
      setFailure(requestErrorMessage(t, error, t(fallback)));
    }
  });

  return (
    <AuthCard title={t('passwordReset.forgotTitle')} subtitle={t('passwordReset.forgotSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ContactMethodFields
          idPrefix="forgot"
          label={t('passwordReset.resetWith')}
          method={method}
          onMethodChange={(value) => {
            form.setValue('method', value);
            form.clearErrors();
            setFailure(null);
          }}
          email={{
            field: form.register('email'),
            error: localizeValidationMessage(t, errors.email?.message),
          }}
          phone={{
            field: form.register('phone'),
            error: localizeValidationMessage(t, errors.phone?.message),
            unavailable: methods?.phone === false ? t('errors.sms_unavailable') : undefined,
          }}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={forgot.isPending} pendingText={t('passwordReset.sending')}>
          {method === 'phone' ? t('passwordReset.sendCode') : t('passwordReset.sendLink')}
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to={paths.login()} className="text-primary underline-offset-4 hover:underline">
            {t('passwordReset.backToSignIn')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

/** The neutral "sent" notice of either way, with what follows it. */
function Sent({
  title,
  hint,
  icon,
  text,
  children,
}: {
  title: string;
  hint: string;
  icon: ReactNode;
  text: string;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={hint}>
      <div className="grid gap-4">
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {icon}
          <span>{text}</span>
        </div>
        {children}
      </div>
    </AuthCard>
  );
}

const passwordFields = ['password', 'confirmPassword'] as const;
// Refusals about the code itself: shown beside the code box, in the reader's words.
const codeRefusals = new Set(['code_invalid', 'code_expired', 'code_attempts_exceeded']);

/** The second step by phone: the texted code and the new password, twice. */
function PhoneCodeReset({
  phone,
  onNewCode,
  onDone,
}: {
  phone: string;
  onNewCode: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PhoneResetForm>({
    resolver: zodResolver(phoneResetFormSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const message = (name: keyof PhoneResetForm) =>
    localizeValidationMessage(t, errors[name]?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ phone, ...values });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code && codeRefusals.has(error.code)) {
        form.setError('code', { message: error.code });
        return;
      }
      const fields = error instanceof ApiRequestError ? error.fields : {};
      const named = [...passwordFields, 'code' as const].filter((name) => fields[name]);
      for (const name of named) form.setError(name, { message: fields[name] });
      if (named.length > 0) return;
      setFailure(requestErrorMessage(t, error, t('passwordReset.resetFailed')));
    }
  });

  return (
    <Sent
      title={t('passwordReset.enterCodeTitle')}
      hint={t('passwordReset.codeHint')}
      icon={<MessageSquareText className="mt-0.5 size-4 shrink-0" aria-hidden />}
      text={t('passwordReset.codeSent')}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <CodeInput
              id="forgot-code"
              label={t('passwordReset.codeLabel')}
              value={field.value}
              onChange={field.onChange}
              error={message('code')}
            />
          )}
        />
        <PasswordChangeFields
          password={{
            id: 'forgot-new-password',
            label: t('passwordReset.newPassword'),
            error: message('password'),
            registration: form.register('password'),
          }}
          confirm={{
            id: 'forgot-confirm',
            label: t('auth.confirmPassword'),
            error: message('confirmPassword'),
            registration: form.register('confirmPassword'),
          }}
          hint={t('auth.passwordHint')}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={reset.isPending} pendingText={t('passwordReset.resetting')}>
          {t('passwordReset.resetButton')}
        </SubmitButton>
        <Button type="button" variant="link" onClick={onNewCode}>
          {t('passwordReset.newCode')}
        </Button>
      </form>
    </Sent>
  );
}
