/**
 * A count on the corner of an icon button (unread messages, things to answer): hidden from
 * screen readers, whose name for the button says it in words. The button is `relative`.
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-xs font-semibold leading-5 text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
