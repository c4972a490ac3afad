import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from './label';

/** A label with a visible asterisk that screen readers hear as "required". */
export function FieldLabel({ text, required = false }: { text: string; required?: boolean }) {
  const { t } = useTranslation();
  if (!required) return text;
  return (
    <>
      {text}
      <span aria-hidden className="ml-0.5 text-destructive">
        *
      </span>
      <span className="sr-only"> {t('common.requiredMark')}</span>
    </>
  );
}

/**
 * A labelled control with its error below; the control gets the matching id, aria-invalid
 * and aria-describedby through the render prop, so screen readers read the error.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
