import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, type ListingFieldName, type ListingFormValues } from './listing-form';

/** What the listing form's field groups share: an error's message and a hint line. */
type ListingForm = UseFormReturn<ListingFormValues>;

/** The message of a field's error in the reader's language (also used by move-in-fields). */
export function useFieldError(form: ListingForm) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (name: ListingFieldName) => fieldMessage(t, errors[name]?.message);
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="-mt-0.5 text-xs text-muted-foreground">
      {children}
    </p>
  );
}
