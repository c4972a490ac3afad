import { Deferred } from '../components/ui/deferred';
import { LanguageButton } from './header-triggers';

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
