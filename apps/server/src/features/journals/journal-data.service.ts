import { createHash, randomBytes } from 'node:crypto';
import { specFieldName, type FieldErrors } from '@journals/core/errors';
import { extensionOf } from '@journals/core/files';
import { reminderDaysOf } from '@journals/core/limits';
import {
  JOURNAL_IMAGE_RULE,
  JOURNAL_IMAGES,
  type JournalDataResponse,
  type JournalDataValues,
  type JournalImage,
  journalDataRequest,
  richTextContent,
} from '@journals/core/schemas/journal-data';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { journals } from '../../db/schema';
import { currentJournal, type Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { readImageForm } from '../../lib/image-form';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { Upload } from '../../lib/uploads';

/**
 * The journal data screen (spec 03 §3, §5; issue 22 §2; decision 0041): the form's values as stored, and one save of
 * them with the logo and covers. Rich text is cleaned by the allow-list before it is stored; the public answers
 * built from the journal's row are dropped from this process's cache at once (the others within the TTL).
 */

/** The rich-text fields: cleaned on the server, then checked for content again (a text of only script is empty). */
const RICH_TEXT_FIELDS = [
  'editorialBoardAr',
  'editorialBoardEn',
  'aboutUsAr',
  'aboutUsEn',
  'contactUsAr',
  'contactUsEn',
  'publishPolicyAr',
  'publishPolicyEn',
  'termsAndConditionsAr',
  'termsAndConditionsEn',
  'reportsTermsAndConditionsEn',
  'aimsAndScopesAr',
  'aimsAndScopesEn',
] as const satisfies readonly (keyof JournalDataValues)[];

const IMAGE_COLUMN = { logo: 'logoKey', coverEn: 'coverEnKey', coverAr: 'coverArKey' } as const;
const DELETE_FLAG = { logo: 'deleteLogo', coverEn: 'deleteCoverEn', coverAr: 'deleteCoverAr' } as const;
const IMAGE_URL = { logo: 'logo', coverEn: 'cover/en', coverAr: 'cover/ar' } as const;

/** A journal image's public link, with a version from its storage key (hashed) so that a new image is never an old cached one. */
export function journalImageUrl(journal: Pick<Journal, 'slug'>, image: JournalImage, key: string | null) {
  return key ? withVersion(`/api/journals/${journal.slug}/files/${IMAGE_URL[image]}`, key) : null;
}

/** A file's link with a version from its storage key (hashed): a new file is a new link, never an old cached one. */
export function withVersion(path: string, key: string) {
  return `${path}?v=${createHash('sha256').update(key).digest('base64url').slice(0, 10)}`;
}

/** The form's values as the database has them now (not a cached row). */
export async function journalData(
  deps: Pick<Deps, 'db' | 'cache' | 'config'>,
  slug: string,
): Promise<JournalDataResponse> {
  const journal = await currentJournal(deps, slug);
  return {
    titleAr: journal.titleAr,
    titleEn: journal.titleEn,
    foundationNameAr: journal.foundationNameAr,
    foundationNameEn: journal.foundationNameEn,
    website: journal.website,
    email: journal.email,
    // Set when it opens under this SECRET (decision 0073): one sealed under another must be typed again.
    passwordSet: (openSecret(deps.config.SECRET, 'journal-mail-password', journal.mailPassword) ?? '') !== '',
    facebook: journal.facebook ?? '',
    linkedin: journal.linkedin ?? '',
    twitter: journal.twitter ?? '',
    impactFactor: journal.impactFactor,
    codePrefix: journal.codePrefix,
    crossMark: journal.crossMark,
    welcomeMsgAr: journal.welcomeMsgAr,
    welcomeMsgEn: journal.welcomeMsgEn,
    ...(Object.fromEntries(RICH_TEXT_FIELDS.map((field) => [field, journal[field]])) as Record<
      (typeof RICH_TEXT_FIELDS)[number],
      string
    >),
    issueFrequency: journal.issueFrequency,
    defaultLanguage: journal.defaultLanguage,
    multiLanguage: journal.multiLanguage,
    openReview: journal.openReview,
    ethicsQuestionnaire: journal.ethicsQuestionnaire,
    extraPaperTypes: journal.extraPaperTypes,
    suggestedReviewersMin: journal.suggestedReviewersMin,
    extensionMaxDays: journal.extensionMaxDays,
    extensionMaxCount: journal.extensionMaxCount,
    reminderDays: reminderDaysOf(journal.reminderDays),
    printIssn: journal.printIssn,
    onlineIssn: journal.onlineIssn,
    publisherEn: journal.publisherEn,
    publisherAr: journal.publisherAr,
    doiPrefix: journal.doiPrefix,
    depositorName: journal.depositorName,
    depositorEmail: journal.depositorEmail,
    licenseUrl: journal.licenseUrl,
    images: {
      logo: journalImageUrl(journal, 'logo', journal.logoKey),
      coverEn: journalImageUrl(journal, 'coverEn', journal.coverEnKey),
      coverAr: journalImageUrl(journal, 'coverAr', journal.coverArKey),
    },
  };
}

/** The request as sent: its `data` part (JSON) and its image files. */
export interface JournalDataForm {
  data: unknown;
  images: Partial<Record<JournalImage, Upload<JournalImage>>>;
}

/** Reads the multipart request: the `data` field and at most one file per image; anything else is refused. */
export const readJournalDataForm = (request: FastifyRequest): Promise<JournalDataForm> =>
  readImageForm(request, JOURNAL_IMAGES, JOURNAL_IMAGE_RULE);

/**
 * Saves the journal data (spec 03 §5): every field's rule, the images required (a stored one counts unless its
 * delete flag is set; a new file replaces it), the mail password kept when none is typed. Every refusal comes in
 * one answer. New images are stored first and the old ones removed after the row is written, so a failed save
 * leaves the journal as it was.
 */
export async function saveJournalData(deps: Deps, slug: string, form: JournalDataForm) {
  const journal = await currentJournal(deps, slug);
  const parsed = journalDataRequest.safeParse(form.data ?? {});
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  const add = (field: string, key: string) => (errors[specFieldName([field])] ??= []).push(key);
  // The delete flags are read even when another field is refused, so that every refusal comes in one answer.
  const flags = (typeof form.data === 'object' && form.data !== null ? form.data : {}) as Record<string, unknown>;
  const finalKey = (image: JournalImage) => {
    if (form.images[image]) return 'new';
    return flags[DELETE_FLAG[image]] === true ? null : journal[IMAGE_COLUMN[image]];
  };
  for (const image of JOURNAL_IMAGES) if (!finalKey(image)) add(image, 'journalData.image_required');
  if (!parsed.success || Object.keys(errors).length > 0) {
    throw new AppError('validation', 'errors.validation', errors);
  }
  const values = parsed.data;
  const texts = Object.fromEntries(
    RICH_TEXT_FIELDS.map((field) => [field, sanitizeRichText(values[field], deps.config.PUBLIC_URL)]),
  ) as Record<(typeof RICH_TEXT_FIELDS)[number], string>;
  for (const field of RICH_TEXT_FIELDS) if (richTextContent(texts[field]) === '') add(field, 'validation.required');
  const storedPassword = openSecret(deps.config.SECRET, 'journal-mail-password', journal.mailPassword) ?? '';
  if (!values.password && storedPassword === '') add('password', 'validation.required');
  if (Object.keys(errors).length > 0) throw new AppError('validation', 'errors.validation', errors);

  const stored: Partial<Record<JournalImage, string>> = {};
  try {
    for (const image of JOURNAL_IMAGES) {
      const upload = form.images[image];
      if (!upload) continue;
      const extension = extensionOf(upload.originalName).replace(/[^a-z0-9]/g, '') || 'img';
      const key = `journals/${journal.id}/${image}-${randomBytes(12).toString('hex')}.${extension}`;
      await deps.storage.put(key, upload.content);
      stored[image] = key;
    }
    const images = Object.fromEntries(
      JOURNAL_IMAGES.map((image) => [IMAGE_COLUMN[image], stored[image] ?? finalKey(image)]),
    ) as Record<(typeof IMAGE_COLUMN)[JournalImage], string>;
    await deps.db
      .update(journals)
      .set({
        titleAr: values.titleAr,
        titleEn: values.titleEn,
        foundationNameAr: values.foundationNameAr,
        foundationNameEn: values.foundationNameEn,
        website: values.website,
        email: values.email,
        // Stored sealed (decision 0073); the screen only ever says whether one is set.
        ...(values.password
          ? { mailPassword: sealSecret(deps.config.SECRET, 'journal-mail-password', values.password) }
          : {}),
        facebook: values.facebook || null,
        linkedin: values.linkedin || null,
        twitter: values.twitter || null,
        impactFactor: values.impactFactor,
        codePrefix: values.codePrefix ?? null,
        crossMark: values.crossMark,
        welcomeMsgAr: values.welcomeMsgAr,
        welcomeMsgEn: values.welcomeMsgEn,
        ...texts,
        issueFrequency: values.issueFrequency,
        defaultLanguage: values.defaultLanguage,
        multiLanguage: values.multiLanguage,
        openReview: values.openReview,
        ethicsQuestionnaire: values.ethicsQuestionnaire,
        extraPaperTypes: values.extraPaperTypes,
        suggestedReviewersMin: values.suggestedReviewersMin,
        extensionMaxDays: values.extensionMaxDays,
        extensionMaxCount: values.extensionMaxCount,
        reminderDays: values.reminderDays,
        printIssn: values.printIssn,
        onlineIssn: values.onlineIssn,
        publisherEn: values.publisherEn,
        publisherAr: values.publisherAr,
        doiPrefix: values.doiPrefix,
        depositorName: values.depositorName,
        depositorEmail: values.depositorEmail,
        licenseUrl: values.licenseUrl,
        ...images,
      })
      .where(eq(journals.id, journal.id));
  } catch (error) {
    await Promise.all(Object.values(stored).map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
  // The replaced and deleted images are no longer anyone's.
  const gone = JOURNAL_IMAGES.map((image) => journal[IMAGE_COLUMN[image]]).filter(
    (key, index): key is string => key !== null && finalKey(JOURNAL_IMAGES[index]!) !== key,
  );
  await Promise.all(gone.map((key) => deps.storage.remove(key).catch(() => undefined)));
  deps.cache.invalidate(`journal:${slug}`);
  deps.cache.invalidate('landing');
}
