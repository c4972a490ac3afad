import type { LanguageCode } from '#common/languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { Strings } from './types';
import { zh } from './zh';

export type { InboxField, InboxSource, Strings } from './types';

/** The words of every message, one file per language the product speaks. */
export const strings: Record<LanguageCode, Strings> = { en, es, fr, de, zh };
