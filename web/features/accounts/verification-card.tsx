import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Clock, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/auth';
import { IMAGE_MIME_TYPES } from '#common/listing-rules';
import {
  verificationKinds,
  verificationRequestSchema,
  type Verification,
  type VerificationKind,
  type VerificationRequest,
  type VerificationRequestInput,
} from '#common/verifications';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useOwnVerifications, useRequestVerification } from './verification-api';

/**
 * Verified lister (issue 19), on Account Settings for owners and agents: where each request
 * stands, and the form to send an identity document (Ghana Card or passport) or, for agents,
 * the agent licence. Renters list nothing, so they do not see it.
 */
export function VerificationCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const lister = user.userType !== 'renter';
  const requests = useOwnVerifications(lister);
  if (!lister) return null;
  const kinds = verificationKinds.filter((k) => k === 'identity' || user.userType === 'agent');
  const latest = (kind: VerificationKind) => requests.data?.find((r) => r.kind === kind);
  const open = kinds.filter((kind) => {
    const status = latest(kind)?.status;
    return status !== 'approved' && status !== 'pending';
  });

  return (
    <Card role="region" aria-labelledby="verification-card-title">
      <CardHeader>
        <h2 id="verification-card-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('verifications.card.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('verifications.card.intro')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2">
          {kinds.map((kind) => (
            <li key={kind}>
              <KindStatus kind={kind} request={latest(kind)} />
            </li>
          ))}
        </ul>
        {/* Keyed by the kinds left: once one is sent, the form starts again on the others. */}
        {requests.data && open.length > 0 ? (
          <RequestForm key={open.join(' ')} kinds={open} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function KindStatus({ kind, request }: { kind: VerificationKind; request?: Verification }) {
  const { t, i18n } = useTranslation();
  const status = request?.status ?? 'none';
  const Icon =
    status === 'approved'
      ? BadgeCheck
      : status === 'pending'
        ? Clock
        : status === 'rejected'
          ? XCircle
          : ShieldCheck;
  return (
    <div className="flex items-start gap-2 rounded-md border border-border p-3 text-sm">
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          status === 'approved'
            ? 'text-primary'
            : status === 'rejected'
              ? 'text-destructive'
              : 'text-muted-foreground',
        )}
        aria-hidden
      />
      <div className="grid gap-0.5">
        <p className="font-medium">{t(`verifications.kinds.${kind}`)}</p>
        <p className="text-muted-foreground">
          {t(`verifications.status.${status}`, {
            date: request ? formatDate(request.decidedAt ?? request.createdAt, i18n.language) : '',
          })}
        </p>
        {status === 'rejected' && request?.reason ? (
          <p>
            <span className="font-medium">{t('verifications.card.reason')}</span> {request.reason}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function RequestForm({ kinds }: { kinds: VerificationKind[] }) {
  const { t } = useTranslation();
  const send = useRequestVerification();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm<VerificationRequestInput, unknown, VerificationRequest>({
    resolver: zodResolver(verificationRequestSchema),
    defaultValues: { kind: kinds[0], document: 'ghana_card', documentNumber: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const document = useWatch({ control: form.control, name: 'document' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((fields) => {
    if (!photo) {
      setPhotoError(t('verifications.form.photoRequired'));
      return;
    }
    // The promise, not mutate()'s callbacks: the list reloads and this form starts afresh.
    void send.mutateAsync({ fields, photo }).then(
      () => {
        toast({
          title: t('verifications.form.sent'),
          description: t('verifications.form.sentText'),
        });
        form.reset({ kind: kinds[0], document: 'ghana_card', documentNumber: '' });
        setPhoto(null);
      },
      () => undefined,
    );
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 border-t border-border pt-4"
    >
      <h3 className="font-semibold">{t('verifications.form.title')}</h3>
      {kinds.length > 1 ? (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              aria-label={t('verifications.form.kind')}
            >
              {kinds.map((value) => (
                <Label
                  key={value}
                  htmlFor={`verify-kind-${value}`}
                  className="flex items-center gap-2"
                >
                  <RadioGroupItem id={`verify-kind-${value}`} value={value} />
                  {t(`verifications.kinds.${value}`)}
                </Label>
              ))}
            </RadioGroup>
          )}
        />
      ) : null}
      {kind === 'identity' ? (
        <Controller
          control={form.control}
          name="document"
          render={({ field }) => (
            <RadioGroup
              value={typeof field.value === 'string' ? field.value : ''}
              onValueChange={field.onChange}
              aria-label={t('verifications.form.document')}
              className="grid gap-2 sm:grid-cols-2"
            >
              {(['ghana_card', 'passport'] as const).map((value) => (
                <Label
                  key={value}
                  htmlFor={`verify-doc-${value}`}
                  className="flex items-center gap-2"
                >
                  <RadioGroupItem id={`verify-doc-${value}`} value={value} />
                  {t(`verifications.documents.${value}`)}
                </Label>
              ))}
            </RadioGroup>
          )}
        />
      ) : null}
      <FormField
        id="verify-number"
        label={t(
          kind === 'agent_licence'
            ? 'verifications.form.licenceNumber'
            : `verifications.form.number.${document === 'passport' ? 'passport' : 'ghana_card'}`,
        )}
        error={localizeValidationMessage(t, errors.documentNumber?.message)}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            placeholder={
              kind === 'identity' && document !== 'passport' ? 'GHA-123456789-0' : undefined
            }
            {...form.register('documentNumber')}
          />
        )}
      </FormField>
      <FormField id="verify-photo" label={t('verifications.form.photo')} error={photoError}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            onChange={(event) => {
              setPhoto(event.target.files?.[0] ?? null);
              setPhotoError(undefined);
            }}
          />
        )}
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">{t('verifications.form.privacy')}</p>
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {apiErrorReason(t, send.error) ?? t('verifications.form.failed')}
        </p>
      ) : null}
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? t('verifications.form.sending') : t('verifications.form.send')}
      </Button>
    </form>
  );
}
