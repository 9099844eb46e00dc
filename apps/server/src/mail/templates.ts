import type { Language } from '@journals/core/enums';
import {
  TEMPLATE_TYPES,
  type TemplateType,
  type TemplateValues,
  type TemplateValuesOf,
} from '@journals/core/schemas/mail-templates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mailTemplates } from '../db/schema';
import type { OutgoingMail } from './outbox';
import { renderParts, textToHtml } from './render';

/**
 * The journal's mails (spec 03 "Mail template", DESIGN §7, issue 22 §3): per journal, per message type (core
 * `TEMPLATE_TYPES`), in both languages, with the placeholders of its type. A journal without its own row for a type
 * sends the default (mail/default-texts.ts); the editor panel's mail-templates screen writes the rows. The defaults are
 * written as plain text for reading and given out as HTML, like the screen's.
 */

import { DEFAULT_TEXTS, type Text } from './default-texts';

/** Each type's default texts, their content as HTML like the texts the screen writes. */
export const DEFAULT_TEMPLATES = Object.fromEntries(
  TEMPLATE_TYPES.map((type) => [
    type,
    {
      en: { subject: DEFAULT_TEXTS[type].en.subject, body: textToHtml(DEFAULT_TEXTS[type].en.body) },
      ar: { subject: DEFAULT_TEXTS[type].ar.subject, body: textToHtml(DEFAULT_TEXTS[type].ar.body) },
    },
  ]),
) as Record<TemplateType, Record<Language, Text>>;

/** The rows the seed writes for a journal: every type's default. */
export const defaultTemplateRows = (journalId: number) =>
  TEMPLATE_TYPES.map((messageType) => ({
    journalId,
    messageType,
    englishTitle: DEFAULT_TEMPLATES[messageType].en.subject,
    arabicTitle: DEFAULT_TEMPLATES[messageType].ar.subject,
    englishMessage: DEFAULT_TEMPLATES[messageType].en.body,
    arabicMessage: DEFAULT_TEMPLATES[messageType].ar.body,
  }));

export interface Recipient {
  email: string;
  language: Language;
  fullName: string;
}

export type JournalOfMail = { id: number; email: string; titleEn: string; titleAr: string };
export type TemplateTexts = Record<Language, Text>;

/**
 * The texts of one message type for several journals, in one query: each journal's own row, or the default.
 */
export async function journalTemplates(
  tx: Tx,
  journalIds: readonly number[],
  type: TemplateType,
): Promise<(journalId: number) => TemplateTexts> {
  const rows =
    journalIds.length === 0
      ? []
      : await tx
          .select()
          .from(mailTemplates)
          .where(and(inArray(mailTemplates.journalId, [...new Set(journalIds)]), eq(mailTemplates.messageType, type)));
  const own = new Map<number, TemplateTexts>(
    rows.map((row) => [
      row.journalId,
      {
        en: { subject: row.englishTitle, body: row.englishMessage },
        ar: { subject: row.arabicTitle, body: row.arabicMessage },
      },
    ]),
  );
  return (journalId) => own.get(journalId) ?? DEFAULT_TEMPLATES[type];
}

/** The texts of several message types for one journal, in one query: its own rows, or the defaults. */
export async function journalTemplateSet<T extends TemplateType>(
  tx: Tx,
  journalId: number,
  types: readonly T[],
): Promise<Record<T, TemplateTexts>> {
  const rows = await tx
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.journalId, journalId), inArray(mailTemplates.messageType, [...types])));
  const own = new Map(rows.map((row) => [row.messageType, row]));
  return Object.fromEntries(
    types.map((type) => {
      const row = own.get(type);
      const texts: TemplateTexts = row
        ? {
            en: { subject: row.englishTitle, body: row.englishMessage },
            ar: { subject: row.arabicTitle, body: row.arabicMessage },
          }
        : DEFAULT_TEMPLATES[type];
      return [type, texts];
    }),
  ) as Record<T, TemplateTexts>;
}

/** The journal's title and the person's name, which every mail can name. */
export const commonValues = (journal: JournalOfMail, language: Language, fullName: string): TemplateValues => ({
  Board_Title: language === 'ar' ? journal.titleAr : journal.titleEn,
  User_Name: fullName,
});

/**
 * One mail of a template to one person, in their language, as HTML with a plain-text alternative; Reply-To is the
 * journal's address.
 */
export function renderTemplate<T extends TemplateType>(
  journal: JournalOfMail,
  texts: TemplateTexts,
  type: T,
  recipient: Recipient,
  values: TemplateValuesOf<T>,
): OutgoingMail {
  const all: TemplateValues = { ...commonValues(journal, recipient.language, recipient.fullName), ...values };
  const text = texts[recipient.language];
  const parts = renderParts(recipient.language, text.subject, text.body, all);
  return {
    journalId: journal.id,
    to: recipient.email,
    replyTo: journal.email || null,
    kind: type,
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
  };
}

/**
 * The mails of one type to several people, each in their language, from the journal's template (one query for
 * the template, whatever the number of recipients).
 */
export async function templateMails<T extends TemplateType>(
  tx: Tx,
  journal: JournalOfMail,
  type: T,
  recipients: readonly Recipient[],
  values: TemplateValuesOf<T> | ((recipient: Recipient) => TemplateValuesOf<T>),
): Promise<OutgoingMail[]> {
  if (recipients.length === 0) return [];
  const texts = (await journalTemplates(tx, [journal.id], type))(journal.id);
  return recipients.map((recipient) =>
    renderTemplate(journal, texts, type, recipient, typeof values === 'function' ? values(recipient) : values),
  );
}
