import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_HIDE_REASON_LENGTH, rejectBodySchema, visibilityBodySchema } from '#common/admin';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { localizeValidationMessage } from '../auth';

/** The most a reason may hold (common/admin.ts: reject and hide reasons alike). */
export const MAX_REASON_LENGTH = MAX_HIDE_REASON_LENGTH;

const schemas = {
  // Rejecting needs a reason: the owner must know what to fix.
  reject: rejectBodySchema,
  // Hiding may give one: the owner sees it beside "Hidden by an administrator".
  hide: visibilityBodySchema.pick({ reason: true }),
  // Removing a reported listing is a rejection: the owner must know why (issue 19).
  remove: rejectBodySchema,
  // So is refusing a lister's verification: they must know what to send instead.
  verification: rejectBodySchema,
};
const texts = {
  reject: {
    title: 'admin.reject.title',
    text: 'admin.reject.text',
    label: 'admin.reject.reasonLabel',
    placeholder: 'admin.reject.placeholder',
    confirm: 'admin.reject.confirm',
    pending: 'admin.reject.rejecting',
    failed: 'admin.toast.rejectFailed',
  },
  hide: {
    title: 'admin.hide.title',
    text: 'admin.hide.text',
    label: 'admin.hide.reasonLabel',
    placeholder: 'admin.hide.placeholder',
    confirm: 'admin.hide.confirm',
    pending: 'admin.hide.hiding',
    failed: 'admin.toast.visibilityFailed',
  },
  remove: {
    title: 'reports.remove.title',
    text: 'reports.remove.text',
    label: 'admin.reject.reasonLabel',
    placeholder: 'reports.remove.placeholder',
    confirm: 'reports.remove.confirm',
    pending: 'reports.remove.removing',
    failed: 'reports.resolveFailed',
  },
  verification: {
    title: 'verifications.reject.title',
    text: 'verifications.reject.text',
    label: 'verifications.reject.reasonLabel',
    placeholder: 'verifications.reject.placeholder',
    confirm: 'verifications.reject.confirm',
    pending: 'verifications.reject.rejecting',
    failed: 'verifications.admin.failed',
  },
} as const;

type ReasonInput = { reason?: string };
type ReasonValues = { reason?: string };

/**
 * Reject (reason required) or hide (reason optional) a listing, up to 500 characters: the
 * owner reads the reason on the dashboard (and, for a rejection, by e-mail). Stays open while
 * the server works.
 */
export function ReasonDialog({
  kind,
  title,
  open,
  pending,
  failed,
  onConfirm,
  onClose,
}: {
  kind: keyof typeof schemas;
  /** The listing's title. */
  title: string;
  open: boolean;
  pending: boolean;
  /** The last try failed: said inside the dialog too, where a modal reader is. */
  failed: boolean;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ReasonInput, unknown, ReasonValues>({
    resolver: zodResolver(schemas[kind]),
    defaultValues: { reason: '' },
  });
  const length = (useWatch({ control: form.control, name: 'reason' }) ?? '').length;
  const error = localizeValidationMessage(t, form.formState.errors.reason?.message);
  const id = `${kind}-reason`;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) {
          form.reset({ reason: '' });
          onClose();
        }
      }}
    >
      <AlertDialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ reason }) => onConfirm(reason))}
        >
          <AlertDialogTitle>{t(texts[kind].title)}</AlertDialogTitle>
          <AlertDialogDescription>{t(texts[kind].text, { title })}</AlertDialogDescription>
          <FormField id={id} label={t(texts[kind].label)} error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                maxLength={MAX_REASON_LENGTH}
                aria-required={kind !== 'hide'}
                placeholder={t(texts[kind].placeholder)}
                {...form.register('reason')}
              />
            )}
          </FormField>
          <p className="-mt-2 text-right text-xs text-muted-foreground">
            {t('admin.reject.characters', { length, max: MAX_REASON_LENGTH })}
          </p>
          {failed && !pending ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t(texts[kind].failed)}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              {t('admin.cancel')}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t(texts[kind].pending) : t(texts[kind].confirm)}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
