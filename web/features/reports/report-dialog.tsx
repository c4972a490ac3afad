import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import {
  MAX_REPORT_NOTE_LENGTH,
  reportBodySchema,
  reportCreatedSchema,
  reportReasons,
  type ReportBody,
  type ReportInput,
} from '#common/reports';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { apiRequest } from '../../lib/api-client';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { localizeValidationMessage } from '../auth';

/**
 * The report form: what is wrong (the scams this market knows by name) and, if the renter
 * wants, what happened. An account without a verified e-mail or phone is asked to verify
 * first: a report can take a listing down, so it must come from someone Abode can reach.
 * The listing page sends it to the listing (`/api/properties/{id}/reports`), a conversation to
 * itself (`/api/conversations/{id}/reports`, the listing reported with the conversation).
 */
export default function ReportDialog({
  user,
  url,
  heading,
  text,
  onClose,
  onReported,
}: {
  user: User;
  /** Where the report is posted. */
  url: string;
  heading: string;
  /** What is reported, and who sees it. */
  text: string;
  onClose: () => void;
  /** After the report was sent: when (the reader's "You reported this on …"). */
  onReported: (reportedAt: string) => void;
}) {
  const verified = user.emailVerified || user.phoneVerified;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogTitle>{heading}</DialogTitle>
        <DialogDescription>{text}</DialogDescription>
        {verified ? (
          <ReportForm
            url={url}
            onDone={onClose}
            onSent={() => {
              onReported(new Date().toISOString());
              onClose();
            }}
          />
        ) : (
          <VerifyFirst user={user} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function VerifyFirst({ user }: { user: User }) {
  const { t } = useTranslation();
  const here = window.location.pathname;
  return (
    <div className="grid gap-3 text-sm">
      <p role="alert">{t('errors.report_needs_verified_contact')}</p>
      <div className="flex flex-wrap gap-2">
        {user.email ? (
          <Button asChild size="sm">
            <Link to={paths.verifyEmail(here)}>{t('reports.dialog.verifyEmail')}</Link>
          </Button>
        ) : null}
        {user.phone ? (
          <Button asChild size="sm" variant={user.email ? 'outline' : 'default'}>
            <Link to={paths.verifyPhone(here)}>{t('reports.dialog.verifyPhone')}</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ReportForm({
  url,
  onDone,
  onSent,
}: {
  url: string;
  onDone: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ReportInput, unknown, ReportBody>({
    resolver: zodResolver(reportBodySchema),
    defaultValues: { note: '' },
  });
  const send = useMutation({
    mutationFn: async (body: ReportBody) =>
      reportCreatedSchema.parse(await apiRequest('POST', url, body)),
    onSuccess: (created) => {
      toast({
        title: t('reports.sent.title'),
        description: t(created.hidden ? 'reports.sent.hidden' : 'reports.sent.text'),
      });
      onSent();
    },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const note = useWatch({ control: form.control, name: 'note' });
  const length = typeof note === 'string' ? note.length : 0;
  const reasonError = form.formState.errors.reason ? t('reports.dialog.chooseReason') : undefined;
  const noteError = localizeValidationMessage(t, form.formState.errors.note?.message);

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((body) => send.mutate(body))}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-zinc-800">
          {t('reports.dialog.reasonLabel')}
        </legend>
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <RadioGroup
              value={field.value ?? ''}
              onValueChange={field.onChange}
              aria-label={t('reports.dialog.reasonLabel')}
              aria-invalid={reasonError ? true : undefined}
              className="grid gap-2 sm:grid-cols-2"
            >
              {reportReasons.map((value) => (
                <Label
                  key={value}
                  htmlFor={`report-reason-${value}`}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-2.5 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40"
                >
                  <RadioGroupItem id={`report-reason-${value}`} value={value} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="leading-snug">{t(`reports.reasons.${value}`)}</span>
                    <span className="text-xs font-normal text-muted-foreground">
                      {t(`reports.hints.${value}`)}
                    </span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          )}
        />
        {reasonError ? (
          <p role="alert" className="text-sm text-destructive">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <FormField
        id="report-note"
        label={t(reason === 'other' ? 'reports.dialog.noteRequired' : 'reports.dialog.note')}
        error={noteError}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={MAX_REPORT_NOTE_LENGTH}
            aria-required={reason === 'other'}
            placeholder={t('reports.dialog.notePlaceholder')}
            {...form.register('note')}
          />
        )}
      </FormField>
      <p className="-mt-2 text-right text-xs text-muted-foreground">
        {t('admin.reject.characters', { length, max: MAX_REPORT_NOTE_LENGTH })}
      </p>
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {apiErrorReason(t, send.error) ?? t('reports.dialog.failed')}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={send.isPending}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('reports.dialog.sending') : t('reports.dialog.send')}
        </Button>
      </div>
    </form>
  );
}
