import { ChevronDown, Globe, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/auth';
import { avatarLetter } from '#common/auth-rules';
import { languages } from '../lib/i18n';
import { cn } from '../lib/utils';
import { Button, type ButtonProps } from '../components/ui/button';
import { CountBadge } from '../components/ui/count-badge';
import { useToAnswerEntries } from './to-answer';

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

/**
 * The signed-in reader's avatar button, the same before and after the account menu's code
 * loads: their photo or initial in a circle, and their first name on wide screens; a count of
 * what waits for their answer (issue 51), kept live, on its corner.
 */
export function AccountButton({
  user,
  className,
  ...props
}: ButtonProps & { user: Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'> }) {
  const { t } = useTranslation();
  const toAnswer = useToAnswerEntries(true);
  return (
    <Button variant="ghost" className={cn('relative h-10 gap-2 px-2', className)} {...props}>
      <span className="relative flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft text-sm font-semibold text-primary-hover">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="size-full object-cover" />
        ) : (
          avatarLetter(user)
        )}
      </span>
      <span className="sr-only">{toAnswer.labelOf(t('header.accountMenu'))}</span>
      <span className="hidden max-w-[10rem] truncate lg:inline">{user.firstName}</span>
      <CountBadge count={toAnswer.total} />
    </Button>
  );
}

/** Opens the mobile drawer; for a signed-in reader, with the count of what waits for them. */
export function DrawerButton({ signedIn, ...props }: ButtonProps & { signedIn: boolean }) {
  const { t } = useTranslation();
  const toAnswer = useToAnswerEntries(signedIn);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={toAnswer.labelOf(t('header.openMenu'))}
      {...props}
    >
      <Menu className="size-6" aria-hidden />
      <CountBadge count={toAnswer.total} />
    </Button>
  );
}

export function useCurrentLanguage() {
  const { i18n } = useTranslation();
  return languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
}

/** The trigger of the language menu, the same before and after the menu's code loads. */
export function LanguageButton(props: ButtonProps) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    // The name starts with the visible code, as WCAG 2.5.3 (label in name) asks.
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${current.short} · ${t('header.languageLabel', { language: current.label })}`}
      {...props}
    >
      <Globe aria-hidden />
      <span>{current.short}</span>
    </Button>
  );
}
