import { ACCEPT_LANGUAGE, DIRECTION, LANGUAGES, type Language } from '@journals/core/enums';
import type { Catalogue, MessageKey } from '@journals/core/i18n/index';
import { lookUp } from '@journals/core/i18n/lookup';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The interface language and its catalogue (decision 0007): the catalogue areas of @journals/core keyed
 * "area.key", so a server message key ("validation.email_required") is also a client key; `t()` is typed against
 * the English catalogue. A few lines of our own instead of i18next (about 15 KB compressed on every page,
 * issue 8 §4): the catalogues need nothing but look-up and {{placeholders}}. Each language's catalogue is its own
 * chunk, loaded when the language is first shown.
 */
export type TranslationParams = Record<string, string | number>;

const STORAGE_KEY = 'journals.language';

/**
 * The language the server wrote the page in (`<html lang>`: a journal page's first HTML is in the journal's language,
 * or the one `?lang=` asks for). Starting in it, a visitor with no stored choice never loads a catalogue the page
 * does not show (an Arabic page loaded the English one first, a request and 11 KB on a phone).
 */
function pageLanguage(): Language | null {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return LANGUAGES.includes(lang as Language) ? (lang as Language) : null;
}

export function storedLanguage(): Language | null {
  const value = safeStorage()?.getItem(STORAGE_KEY);
  return LANGUAGES.includes(value as Language) ? (value as Language) : null;
}

type CataloguePart = 'site' | 'backOffice' | 'statistics' | 'archive' | 'links';

/**
 * Each language's catalogue in chunks: what every page may need, the back office's areas, and the areas of a public
 * page that no other page shows (the statistics page).
 */
const CATALOGUES: Record<Language, Record<CataloguePart, () => Promise<Partial<Catalogue>>>> = {
  en: {
    site: async () => (await import('@journals/core/i18n/en/site')).site,
    backOffice: async () => (await import('@journals/core/i18n/en/back-office')).backOffice,
    statistics: async () => ({ statistics: (await import('@journals/core/i18n/en/statistics')).statistics }),
    archive: async () => (await import('@journals/core/i18n/en/archive-part')).archivePart,
    links: async () => (await import('@journals/core/i18n/en/archive-part')).invitationPart,
  },
  ar: {
    site: async () => (await import('@journals/core/i18n/ar/site')).site,
    backOffice: async () => (await import('@journals/core/i18n/ar/back-office')).backOffice,
    statistics: async () => ({ statistics: (await import('@journals/core/i18n/ar/statistics')).statistics }),
    archive: async () => (await import('@journals/core/i18n/ar/archive-part')).archivePart,
    links: async () => (await import('@journals/core/i18n/ar/archive-part')).invitationPart,
  },
};
const loaded: Partial<Record<Language, Partial<Catalogue>>> = {};
const loading = new Map<string, Promise<void>>();
const ready = new Set<string>();
/** The parts a language needs: the back office and the statistics page add theirs when first opened. */
const wantedParts = new Set<CataloguePart>(['site']);

function loadCatalogue(language: Language): Promise<void> {
  return Promise.all(
    [...wantedParts].map((part) => {
      let promise = loading.get(`${language}.${part}`);
      if (!promise) {
        promise = CATALOGUES[language][part]().then(
          (areas) => {
            loaded[language] = { ...loaded[language], ...areas };
            ready.add(`${language}.${part}`);
          },
          (error: unknown) => {
            loading.delete(`${language}.${part}`); // asked for again by the next switch
            throw error;
          },
        );
        loading.set(`${language}.${part}`, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

function hasCatalogue(language: Language): boolean {
  return [...wantedParts].every((part) => ready.has(`${language}.${part}`));
}

/** Loads a part of the catalogue in the language shown, and in any language shown from now on. */
export function loadCataloguePart(part: Exclude<CataloguePart, 'site'>): Promise<void> {
  wantedParts.add(part);
  return Promise.all([loadCatalogue(shownLanguage), loadCatalogue(requestedLanguage)]).then(() => undefined);
}

/** The language shown; it changes only once its catalogue is there. */
let shownLanguage: Language = storedLanguage() ?? pageLanguage() ?? 'en';
let requestedLanguage: Language = shownLanguage;
let languageApplied: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLanguage(): Language {
  return shownLanguage;
}

/**
 * Translates a key in the language shown (English where a text is missing), numbers in the page's digits and a
 * `count` in the plural form that agrees with it (core lookUp); an unknown key comes back as itself.
 */
export function translate(key: string, params?: TranslationParams): string {
  return translateIn(shownLanguage, key, params);
}

function translateIn(language: Language, key: string, params?: TranslationParams): string {
  const [area = '', ...rest] = key.split('.');
  const name = rest.join('.');
  const tableOf = (catalogue: Partial<Catalogue> | undefined) =>
    catalogue?.[area as keyof Catalogue] as Record<string, string> | undefined;
  return (
    lookUp(tableOf(loaded[language]), name, language, params) ?? lookUp(tableOf(loaded.en), name, 'en', params) ?? key
  );
}

/** The language shown, or the one the interface is switching to: what the next answers should be in. */
export function targetLanguage(): Language {
  return requestedLanguage;
}

/** The Accept-Language header every API call sends (spec 01 §1), in the language the interface is going to. */
export function acceptLanguage(): string {
  return ACCEPT_LANGUAGE[targetLanguage()];
}

/**
 * Shows the interface in `language`: catalogue, <html lang dir>. Does not store the choice. A language whose
 * catalogue is not loaded yet switches when it is (the text and the direction together); the last call wins.
 */
export function applyLanguage(language: Language): Promise<void> {
  requestedLanguage = language;
  const show = () => {
    if (requestedLanguage !== language) return;
    document.documentElement.lang = language;
    document.documentElement.dir = DIRECTION[language];
    if (shownLanguage === language) return;
    shownLanguage = language;
    listeners.forEach((listener) => listener());
  };
  languageApplied = hasCatalogue(language) ? Promise.resolve(show()) : loadCatalogue(language).then(show);
  return languageApplied;
}

/** Settles when the language last asked for is shown; main.tsx renders the first time after it. */
export function languageReady(): Promise<void> {
  return languageApplied;
}

/** The user's explicit choice: kept in browser storage and applied. */
export function chooseLanguage(language: Language): void {
  safeStorage()?.setItem(STORAGE_KEY, language);
  void applyLanguage(language);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** `t(key, params)` for catalogue keys, checked against the English catalogue; re-renders on a language change. */
export function useTranslation(): { t: (key: MessageKey, params?: TranslationParams) => string } {
  const language = useLanguage();
  // A new `t` after a switch, so that memoised children translate again.
  const t = useCallback(
    (key: MessageKey, params?: TranslationParams) => translateIn(language, key, params),
    [language],
  );
  return { t };
}

/** Translates a key that arrives at run time (server messages, zod issues); unknown keys come back as they are. */
export function useDynamicT(): (key: string | undefined, params?: TranslationParams) => string {
  const language = useLanguage();
  return (key, params) => (key ? translateIn(language, key, params) : '');
}

export function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** For form inputs: the translated message of a react-hook-form field error, or undefined. */
export function useFieldError(): (error: { message?: string } | undefined) => string | undefined {
  const translate = useDynamicT();
  return (error) => (error?.message ? translate(error.message) : undefined);
}

// The stored choice, or the page's, or English, until a journal says otherwise (providers.tsx, the journal layout).
void applyLanguage(requestedLanguage);
