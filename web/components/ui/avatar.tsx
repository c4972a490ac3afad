import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';

export function Avatar({
  imageUrl,
  fallback,
  className,
}: {
  imageUrl?: string | null;
  fallback: string;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative flex size-9 shrink-0 overflow-hidden rounded-full bg-primary-soft',
        className,
      )}
    >
      {imageUrl ? (
        <AvatarPrimitive.Image src={imageUrl} alt="" className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center text-sm font-semibold text-primary-hover">
        {fallback}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
