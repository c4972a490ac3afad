import { BadgeCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';

/**
 * The spec's "Verified" badge of a listing (`isVerified`): its photos and details were reviewed
 * before it went live, not its lister, whose badges are lister-badges.tsx. It says "Reviewed by
 * Abode" (issue 34): "Verified" read as a promise about the lister, which it is not. What it means shows on hover
 * (title), and on keyboard focus in a tooltip that screen readers read as its description.
 * No tooltip library: a first page with a JavaScript budget (docs/performance.md).
 */
export function ReviewedBadge() {
  const { t } = useTranslation();
  const hintId = useId();
  const hint = t('property.reviewedHint');
  return (
    <span className="relative inline-flex">
      <Badge
        variant="soft"
        tabIndex={0}
        title={hint}
        aria-describedby={hintId}
        className="peer outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2"
      >
        <BadgeCheck aria-hidden />
        {t('property.reviewed')}
      </Badge>
      <span
        id={hintId}
        role="tooltip"
        className="pointer-events-none absolute left-0 top-full z-10 mt-1.5 hidden w-max max-w-64 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white shadow-md peer-focus-visible:block"
      >
        {hint}
      </span>
    </span>
  );
}
