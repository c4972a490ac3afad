import { Star } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A rating as five stars, the whole ones filled: decoration beside the number that says it. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn(
            'size-4',
            n <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-zinc-300',
          )}
        />
      ))}
    </span>
  );
}
