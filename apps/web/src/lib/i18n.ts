import { ACCEPT_LANGUAGE, DIRECTION, LANGUAGES, type Language } from '@journals/core/enums';
import { catalogues, type en } from '@journals/core/i18n/index';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * One i18next namespace holding every catalogue area as a nested object, so the server's message keys
 * ("validation.email_required") resolve as they are. Keys are type-checked against the English catalogue.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

const STORAGE_KEY = 'journals.language';

export function storedLanguage(): Language | null {
  const value = safeStorage()?.getItem(STORAGE_KEY);
  return LANGUAGES.includes(value as Language) ? (value as Language) : null;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: catalogues.en }, ar: { translation: catalogues.ar } },
  lng: storedLanguage() ?? 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export { i18n };

export function currentLanguage(): Language {
  return i18n.language === 'ar' ? 'ar' : 'en';
}

/** The Accept-Language header every API call sends (spec 01 §1). */
export function acceptLanguage(): string {
  return ACCEPT_LANGUAGE[currentLanguage()];
}

/** Shows the interface in `language`: catalogue, <html lang dir>. Does not store the choice. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = DIRECTION[language];
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** The user's explicit choice: kept in browser storage and applied. */
export function chooseLanguage(language: Language): void {
  safeStorage()?.setItem(STORAGE_KEY, language);
  applyLanguage(language);
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language === 'ar' ? 'ar' : 'en';
}

/** Translates a key that arrives at run time (server messages, zod issues); unknown keys come back as they are. */
export function useDynamicT(): (key: string | undefined, params?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  const untyped = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (key, params) => (key ? untyped(key, params) : '');
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
