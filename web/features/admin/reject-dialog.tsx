import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { rejectBodySchema } from '#common/admin';
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
import { localizeValidationMessage } from '../auth/api';

/** The most a reason may hold (common/admin.ts rejectBodySchema). */
export const MAX_REASON_LENGTH = 500;

type RejectInput = z.input<typeof rejectBodySchema>;
type RejectValues = z.output<typeof rejectBodySchema>;

/**
 * Reject with a reason (required, up to 500 characters): the owner reads it on the dashboard
 * and by e-mail. Stays open while the server works.
 */
export function RejectDialog({
  title,
  open,
  pending,
  failed,
  onReject,
  onClose,
}: {
  /** The listing's title. */
  title: string;
  open: boolean;
  pending: boolean;
  /** The last try failed: said inside the dialog too, where a modal reader is. */
  failed: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<RejectInput, unknown, RejectValues>({
    resolver: zodResolver(rejectBodySchema),
    defaultValues: { reason: '' },
  });
  const length = useWatch({ control: form.control, name: 'reason' }).length;
  const error = localizeValidationMessage(t, form.formState.errors.reason?.message);

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
          onSubmit={form.handleSubmit(({ reason }) => onReject(reason))}
        >
          <AlertDialogTitle>{t('admin.reject.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('admin.reject.text', { title })}</AlertDialogDescription>
          <FormField id="reject-reason" label={t('admin.reject.reasonLabel')} error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                maxLength={MAX_REASON_LENGTH}
                aria-required
                placeholder={t('admin.reject.placeholder')}
                {...form.register('reason')}
              />
            )}
          </FormField>
          <p className="-mt-2 text-right text-xs text-muted-foreground">
            {t('admin.reject.characters', { length, max: MAX_REASON_LENGTH })}
          </p>
          {failed && !pending ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t('admin.toast.rejectFailed')}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              {t('admin.cancel')}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t('admin.reject.rejecting') : t('admin.reject.confirm')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
