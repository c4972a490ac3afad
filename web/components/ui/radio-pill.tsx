import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * One choice of a group of radios drawn as a pill (a viewing's time, a review's answers): the
 * radio is inside its label, out of sight but focusable, so the pill is what is pressed and
 * the group keeps a radio group's keyboard and screen reader behaviour.
 */
export function RadioPill({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-background',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="sr-only"
      />
      {children}
    </label>
  );
}
