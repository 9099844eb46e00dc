import type { Language } from '../enums';
import { accounts as arAccounts } from './ar/accounts';
import { backoffice as arBackoffice } from './ar/backoffice';
import { common as arCommon } from './ar/common';
import { errors as arErrors, messages as arMessages, orcid as arOrcid } from './ar/errors';
import { mail as arMail } from './ar/mail';
import { papers as arPapers } from './ar/papers';
import { public as arPublic } from './ar/public';
import { submissions as arSubmissions } from './ar/submissions';
import { validation as arValidation } from './ar/validation';
import { accounts } from './en/accounts';
import { backoffice } from './en/backoffice';
import { common } from './en/common';
import { errors, messages, orcid } from './en/errors';
import { mail } from './en/mail';
import { papers } from './en/papers';
import { public as publicSite } from './en/public';
import { submissions } from './en/submissions';
import { validation } from './en/validation';

/**
 * The two catalogues. English is the reference: every Arabic area is typed against it, so a key missing in
 * Arabic fails the type check (the excalidraw way).
 */
export const en = {
  validation,
  errors,
  messages,
  orcid,
  mail,
  common,
  public: publicSite,
  accounts,
  backoffice,
  papers,
  submissions,
};
export type Catalogue = { [Area in keyof typeof en]: Record<keyof (typeof en)[Area], string> };
export const ar: Catalogue = {
  validation: arValidation,
  errors: arErrors,
  messages: arMessages,
  orcid: arOrcid,
  mail: arMail,
  common: arCommon,
  public: arPublic,
  accounts: arAccounts,
  backoffice: arBackoffice,
  papers: arPapers,
  submissions: arSubmissions,
};
export const catalogues: Record<Language, Catalogue> = { en, ar };

/** Every key as "area.key". */
export type MessageKey = { [A in keyof Catalogue]: `${A & string}.${keyof Catalogue[A] & string}` }[keyof Catalogue];

/** Translates "area.key" with {{placeholders}}; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [area, ...rest] = key.split('.');
  const table = catalogues[language][area as keyof Catalogue] as Record<string, string> | undefined;
  const text = table?.[rest.join('.')] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Picks the interface language from an Accept-Language header (ar-EG or en-US, spec 01 §1). */
export function languageFromHeader(header: string | undefined): Language {
  return header?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}
