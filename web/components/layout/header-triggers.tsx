import { ChevronDown, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../ui/button';

/**
 * The header's menu triggers, shown by the header before the menus' code has loaded and by
 * the menus themselves after (Deferred), so nothing moves when one replaces the other.
 */
export function BrowseButton({
  browsing,
  className,
  ...props
}: ButtonProps & { browsing: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      className={cn(browsing && 'bg-primary-soft text-primary-hover', className)}
      {...props}
    >
      {t('header.browse')}
      <ChevronDown aria-hidden />
    </Button>
  );
}

/** Opens the mobile drawer. */
export function DrawerButton(props: ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" aria-label={t('header.openMenu')} {...props}>
      <Menu className="size-6" aria-hidden />
    </Button>
  );
}
