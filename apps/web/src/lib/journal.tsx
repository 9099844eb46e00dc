import type { Language } from '@journals/core/enums';
import type { Bilingual, JournalBootstrap } from '@journals/core/schemas/journals';
import { createContext, useContext } from 'react';
import { storedLanguage, useLanguage } from './i18n';

export interface JournalContextValue {
  slug: string;
  journal: JournalBootstrap;
  /** The visit counter, updated by the visit call. */
  views: number;
}

export const JournalContext = createContext<JournalContextValue | null>(null);

/** The journal of the current /{slug}/ route. Only valid below the journal layout. */
export function useJournal(): JournalContextValue {
  const value = useContext(JournalContext);
  if (!value) throw new Error('useJournal must be used below the journal layout');
  return value;
}

/** The language a journal shows in: the user's choice where it offers both, else its default (spec 03 §9). */
export function journalLanguage(journal: JournalBootstrap): Language {
  const { multiLanguage, defaultLanguage } = journal.journalData;
  return multiLanguage ? (storedLanguage() ?? defaultLanguage) : defaultLanguage;
}

/** Picks the text of a bilingual value for the interface language, falling back to the other one. */
export function pick(value: Bilingual | null | undefined, language: Language): string {
  if (!value) return '';
  return value[language] || value[language === 'ar' ? 'en' : 'ar'] || '';
}

export function usePick(): (value: Bilingual | null | undefined) => string {
  const language = useLanguage();
  return (value) => pick(value, language);
}
