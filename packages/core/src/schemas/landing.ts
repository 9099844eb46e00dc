import { z } from 'zod';
import { MAX_ID, requiredLine, requiredText } from './fields';

/**
 * The platform's landing page as its administrator writes it (issue 22 §4, decision 0054): the tagline under the
 * platform's name, the features it presents (an icon, a title and a sentence or two in each language), and the
 * carousel of its client journals — which of them it shows, in what order.
 */

export const LANDING_LIMITS = { tagline: 200, features: 6, featureTitle: 80, featureText: 300 } as const;

/** The pictures a feature can carry (the landing page draws each with its own icon). */
export const FEATURE_ICONS = [
  'bilingual',
  'submission',
  'review',
  'decision',
  'publishing',
  'archive',
  'search',
  'payments',
  'mail',
  'statistics',
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

const invalid = { error: 'validation.invalid' } as const;
const text = (max: number) => requiredText('validation.required', max, 'validation.max');
/** A title or a tagline: one line (decision 0072). */
const line = (max: number) => requiredLine('validation.required', max, 'validation.max');

export const landingFeature = z.object({
  icon: z.enum(FEATURE_ICONS, invalid),
  titleEn: line(LANDING_LIMITS.featureTitle),
  titleAr: line(LANDING_LIMITS.featureTitle),
  textEn: text(LANDING_LIMITS.featureText),
  textAr: text(LANDING_LIMITS.featureText),
});
export type LandingFeature = z.infer<typeof landingFeature>;

/** PUT …/platform/landing: the whole page's content at once; `journals` every journal in the carousel's order. */
export const landingContentRequest = z.object({
  taglineEn: line(LANDING_LIMITS.tagline),
  taglineAr: line(LANDING_LIMITS.tagline),
  features: z.array(landingFeature, invalid).max(LANDING_LIMITS.features, { error: 'landing.features_max' }),
  journals: z
    .array(
      z.object({
        id: z.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
        shown: z.boolean(invalid),
      }),
      invalid,
    )
    .max(1000, invalid)
    .refine((rows) => new Set(rows.map((row) => row.id)).size === rows.length, { error: 'validation.invalid' }),
});
export type LandingContentRequest = z.input<typeof landingContentRequest>;

/** GET …/platform/landing: what the form edits, with every journal (active or not) in the carousel's order. */
export const landingContentResponse = z.object({
  taglineEn: z.string(),
  taglineAr: z.string(),
  features: z.array(landingFeature),
  journals: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      titleEn: z.string(),
      titleAr: z.string(),
      active: z.boolean(),
      shown: z.boolean(),
    }),
  ),
});
export type LandingContentResponse = z.infer<typeof landingContentResponse>;

/** What a platform's landing page says before its administrator writes it. */
export const DEFAULT_LANDING: { taglineEn: string; taglineAr: string; features: LandingFeature[] } = {
  taglineEn: 'Peer-reviewed academic journals, from submission to publication, in English and Arabic.',
  taglineAr: 'مجلات علمية محكّمة، من تقديم البحث إلى نشره، بالعربية والإنجليزية.',
  features: [
    {
      icon: 'bilingual',
      titleEn: 'English and Arabic, side by side',
      titleAr: 'بالعربية والإنجليزية معًا',
      textEn: 'Every page, form and e-mail in both languages, the Arabic right to left.',
      textAr: 'كل صفحة ونموذج ورسالة باللغتين، والعربية من اليمين إلى اليسار.',
    },
    {
      icon: 'submission',
      titleEn: 'Guided submission',
      titleAr: 'تقديم موجَّه',
      textEn: 'Authors submit in four clear steps, keep drafts and follow every version of their paper.',
      textAr: 'يقدّم المؤلفون أبحاثهم في أربع خطوات واضحة، ويحفظون المسودات ويتابعون كل نسخة من بحثهم.',
    },
    {
      icon: 'review',
      titleEn: 'Structured peer review',
      titleAr: 'تحكيم منظَّم',
      textEn: "Reviewers answer the journal's own review sheet; editors invite, remind and decide in one place.",
      textAr: 'يجيب المحكّمون عن استمارة التحكيم الخاصة بالمجلة، ويدعو المحررون ويذكّرون ويقررون في مكان واحد.',
    },
    {
      icon: 'publishing',
      titleEn: 'Issues and publishing',
      titleAr: 'الأعداد والنشر',
      textEn: 'Issues published with their DOIs and PDFs, and harvested by indexes through OAI-PMH.',
      textAr: 'تُنشر الأعداد بمعرّفات DOI وملفات PDF، وتحصدها الفهارس عبر OAI-PMH.',
    },
    {
      icon: 'archive',
      titleEn: 'An open archive',
      titleAr: 'أرشيف مفتوح',
      textEn: 'Readers browse every volume and issue and search the full text of every paper.',
      textAr: 'يتصفح القراء كل مجلد وعدد، ويبحثون في النص الكامل لكل بحث.',
    },
    {
      icon: 'payments',
      titleEn: 'Fees and memberships',
      titleAr: 'الرسوم والعضويات',
      textEn: 'Submission, publishing and membership fees, paid online when a journal asks for them.',
      textAr: 'رسوم التقديم والنشر والعضوية، تُدفع إلكترونيًا حين تطلبها المجلة.',
    },
  ],
};
