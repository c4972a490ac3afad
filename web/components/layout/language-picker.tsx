import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages } from '../../lib/i18n';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the visible code, as WCAG 2.5.3 (label in name) asks. */}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${current.short} · ${t('header.languageLabel', { language: current.label })}`}
        >
          <Globe aria-hidden />
          <span>{current.short}</span>
        </Button>
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
