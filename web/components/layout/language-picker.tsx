import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages } from '../../lib/i18n';
import { Button, type ButtonProps } from '../ui/button';
import { Deferred } from '../ui/deferred';

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

const loadLanguageMenu = () => import('./language-menu');

/** The header's language menu; its menu code loads on first use (Deferred). */
export function LanguagePicker() {
  return (
    <Deferred
      load={loadLanguageMenu}
      standIn={(handlers) => <LanguageButton aria-haspopup="menu" {...handlers} />}
    >
      {({ LanguageMenu }, start) => <LanguageMenu start={start} />}
    </Deferred>
  );
}
