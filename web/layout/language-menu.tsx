import { useTranslation } from 'react-i18next';
import { languages } from '../lib/i18n';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import type { DeferredStart } from '../components/ui/deferred';
import { LanguageButton, useCurrentLanguage } from './header-triggers';

/** The language menu itself (Radix), loaded on first use by LanguagePicker. */
export function LanguageMenu({ start }: { start: DeferredStart }) {
  const { i18n } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <DropdownMenu defaultOpen={start.open}>
      <DropdownMenuTrigger asChild>
        <LanguageButton autoFocus={start.focus && !start.open} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuRadioGroup
          value={current.code}
          onValueChange={(code) => void i18n.changeLanguage(code)}
        >
          {languages.map((language) => (
            <DropdownMenuRadioItem key={language.code} value={language.code} lang={language.code}>
              {language.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
