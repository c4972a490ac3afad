import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/**
 * A row of small buttons of which one is chosen (pressed): a timeframe, a status filter. Each
 * is a toggle button, so a screen reader says which one is on.
 */
export function ChoiceButtons<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  className?: string;
  /** The text of an option's button. */
  children: (option: T) => ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className={cn('flex gap-2', className)}>
      {options.map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={option === value ? 'default' : 'outline'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {children(option)}
        </Button>
      ))}
    </div>
  );
}
