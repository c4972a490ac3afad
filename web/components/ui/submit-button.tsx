import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** A form's submit button: disabled with a spinner and its pending text while it works. */
export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending}>
      {pending ? <Spinner /> : null}
      {pending ? pendingText : children}
    </Button>
  );
}
