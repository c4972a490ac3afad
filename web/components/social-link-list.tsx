import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';
import { socialLinks } from './social-links';

/** Abode's social accounts as a list of links opening in a new tab (footer, contact page). */
export function SocialLinkList({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-2', className)} aria-label={label}>
      {socialLinks.map((link) => (
        <li key={link.name}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
          >
            {link.name}
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
