import { translate } from '@journals/core/i18n/index';
import type { Language } from '@journals/core/enums';

/** The exact interface text of a catalogue key in a language: tests find elements the way a reader does. */
export const textOf = (language: Language) => (key: string, params?: Record<string, string | number>) =>
  translate(language, key, params);

export const LANGUAGES: Language[] = ['en', 'ar'];
