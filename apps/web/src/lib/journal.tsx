import { LANGUAGES, type Language } from '@journals/core/enums';
import type { Bilingual, JournalBootstrap } from '@journals/core/schemas/journals';
import { createContext, useContext, useLayoutEffect } from 'react';
import { storedLanguage, useLanguage } from './i18n';

export interface JournalContextValue {
  slug: string;
  journal: JournalBootstrap;
  /** The visit counter, updated by the visit call. */
  views: number;
  /** Names the page in the browser's title, before the journal's title (usePageTitle). */
  setPageTitle: (title: string | undefined) => void;
}

export const JournalContext = createContext<JournalContextValue | null>(null);

/** The journal of the current /{slug}/ route. Only valid below the journal layout. */
export function useJournal(): JournalContextValue {
  const value = useContext(JournalContext);
  if (!value) throw new Error('useJournal must be used below the journal layout');
  return value;
}

/**
 * The browser's title while the page is shown: "{title} — {journal}", as the first HTML of the archive's pages
 * says it (decision 0035); the journal's title alone where a page names none, or the title is not known yet.
 */
export function usePageTitle(title: string | undefined) {
  const { setPageTitle } = useJournal();
  useLayoutEffect(() => {
    setPageTitle(title || undefined);
    return () => setPageTitle(undefined);
  }, [setPageTitle, title]);
}

/**
 * The language a journal shows in (spec 03 §9): where it offers both, the address's `?lang=` (the first HTML's
 * hreflang alternates link to it, decision 0035), else the user's choice, else its default.
 */
export function journalLanguage(journal: {
  journalData: Pick<JournalBootstrap['journalData'], 'multiLanguage' | 'defaultLanguage'>;
}): Language {
  const { multiLanguage, defaultLanguage } = journal.journalData;
  return multiLanguage ? (addressLanguage() ?? storedLanguage() ?? defaultLanguage) : defaultLanguage;
}

function addressLanguage(): Language | null {
  const value = new URLSearchParams(location.search).get('lang');
  return LANGUAGES.includes(value as Language) ? (value as Language) : null;
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
