import type { Language } from '@journals/core/enums';
import type { Journal } from '../../domain/journal-context';

/** What the machines' records (JATS, Crossref, OAI-PMH, the exports) say of a journal, and their choice of language. */

export type HarvestJournal = Pick<
  Journal,
  | 'slug'
  | 'titleEn'
  | 'titleAr'
  | 'defaultLanguage'
  | 'printIssn'
  | 'onlineIssn'
  | 'publisherEn'
  | 'publisherAr'
  | 'licenseUrl'
  | 'email'
  | 'doiPrefix'
  | 'depositorName'
  | 'depositorEmail'
>;

export const other = (language: Language): Language => (language === 'en' ? 'ar' : 'en');

/** A text in a language, the other language's when it has none there. */
export function inLanguage(texts: Record<Language, string>, language: Language) {
  return texts[language].trim() ? language : other(language);
}
