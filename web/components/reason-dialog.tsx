import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { localizeFieldMessage } from '../lib/server-messages';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';
import { FormField } from './ui/form-field';
import { Textarea } from './ui/input';

type ReasonInput = { reason?: string };
type ReasonValues = { reason?: string };

/**
 * What a reason is asked for: an administrator rejecting or hiding a listing (admin), removing
 * a reported one (reports), refusing a lister's verification (verifications). Each feature
 * declares its own.
 */
export type ReasonKind = {
  /** Names the field (`<name>-reason`). */
  name: string;
  /** The rule of the reason, as the server has it (common/). */
  schema: z.ZodType<ReasonValues, ReasonInput>;
  /** Whether a reason must be given (said to screen readers; the schema enforces it). */
  required: boolean;
  /** The most the reason may hold. */
  maxLength: number;
  /** Translation keys: `text` is given the title ({{title}}). */
  texts: {
    title: string;
    text: string;
    label: string;
    placeholder: string;
    confirm: string;
    pending: string;
    failed: string;
  };
};

/**
 * Asks for a reason before an administrator's action (reject, hide, remove, refuse), up to
 * `kind.maxLength` characters: the person it concerns reads it (on the dashboard, by e-mail).
 * Stays open while the server works.
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
  kind: ReasonKind;
  /** What the action is about: the listing's title, the applicant's name. */
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
    resolver: zodResolver(kind.schema),
    defaultValues: { reason: '' },
  });
  const length = (useWatch({ control: form.control, name: 'reason' }) ?? '').length;
  const error = localizeFieldMessage(t, form.formState.errors.reason?.message);
  const id = `${kind.name}-reason`;
  const { texts } = kind;

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
          <AlertDialogTitle>{t(texts.title)}</AlertDialogTitle>
          <AlertDialogDescription>{t(texts.text, { title })}</AlertDialogDescription>
          <FormField id={id} label={t(texts.label)} error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                maxLength={kind.maxLength}
                aria-required={kind.required}
                placeholder={t(texts.placeholder)}
                {...form.register('reason')}
              />
            )}
          </FormField>
          <p className="-mt-2 text-right text-xs text-muted-foreground">
            {t('admin.reject.characters', { length, max: kind.maxLength })}
          </p>
          {failed && !pending ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t(texts.failed)}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              {t('admin.cancel')}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t(texts.pending) : t(texts.confirm)}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
