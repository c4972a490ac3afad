import type { LanguageCode } from '#common/languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { SharedStrings } from './types';
import { zh } from './zh';

export type { SharedStrings } from './types';

/** The words every notification shares, one file per language the product speaks. */
export const sharedStrings: Record<LanguageCode, SharedStrings> = { en, es, fr, de, zh };
