import { z } from 'zod';
import { ISSUE_FREQUENCIES, LANGUAGES } from '../enums';
import { LIMITS } from '../limits';
import { CODE_PREFIX_SHAPE } from '../papers';
import { optionalText, requiredText } from './fields';

/** Journal data (spec 03 §3) and the public answers built from it. */

export const bilingual = z.object({ en: z.string(), ar: z.string() });
export type Bilingual = z.infer<typeof bilingual>;

const url = (max: number) =>
  z
    .string()
    .max(max, { error: 'validation.url_max' })
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/.test(value), { error: 'validation.valid_url' });

/** The settings form of the journal (its screen comes with administration; the rules come now). */
export const journalDataRequest = z.object({
  titleAr: requiredText('validation.required', 150, 'validation.max'),
  titleEn: requiredText('validation.required', LIMITS.journalTitleEn, 'validation.max'),
  foundationNameAr: requiredText('validation.required', 200, 'validation.max'),
  foundationNameEn: requiredText('validation.required', LIMITS.foundationNameEn, 'validation.max'),
  website: url(LIMITS.website).refine((value) => value !== '', { error: 'validation.required' }),
  email: z
    .string()
    .max(LIMITS.email)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'validation.valid_email' }),
  password: requiredText('validation.required', LIMITS.journalPassword, 'validation.max'),
  facebook: url(200).optional(),
  linkedin: url(200).optional(),
  twitter: url(200).optional(),
  impactFactor: z.coerce.number().min(0, { error: 'validation.impactFactor' }).max(LIMITS.impactFactorMax, {
    error: 'validation.impactFactor',
  }),
  /** The start of the journal's paper codes: a capital letter, then up to four capitals or digits. */
  codePrefix: optionalText(LIMITS.codePrefix, 'validation.codePrefix_max').refine(
    (value) => value === undefined || CODE_PREFIX_SHAPE.test(value),
    { error: 'validation.codePrefix_format' },
  ),
  crossMark: z.boolean().default(false),
  welcomeMsgAr: requiredText('validation.required', 300, 'validation.max'),
  welcomeMsgEn: requiredText('validation.required', LIMITS.welcomeMsgEn, 'validation.max'),
  editorialBoardAr: requiredText('validation.required', 100_000, 'validation.max'),
  editorialBoardEn: requiredText('validation.required', 100_000, 'validation.max'),
  aboutUsAr: requiredText('validation.required', 100_000, 'validation.max'),
  aboutUsEn: requiredText('validation.required', 100_000, 'validation.max'),
  contactUsAr: requiredText('validation.required', 100_000, 'validation.max'),
  contactUsEn: requiredText('validation.required', 100_000, 'validation.max'),
  publishPolicyAr: requiredText('validation.required', 100_000, 'validation.max'),
  publishPolicyEn: requiredText('validation.required', 100_000, 'validation.max'),
  termsAndConditionsAr: requiredText('validation.required', 100_000, 'validation.max'),
  termsAndConditionsEn: requiredText('validation.required', 100_000, 'validation.max'),
  reportsTermsAndConditionsEn: requiredText('validation.required', 100_000, 'validation.max'),
  aimsAndScopesAr: requiredText('validation.required', 100_000, 'validation.max'),
  aimsAndScopesEn: requiredText('validation.required', 100_000, 'validation.max'),
  issueFrequency: z.coerce
    .number()
    .int()
    .min(0)
    .max(ISSUE_FREQUENCIES.length - 1),
  /** 0 English, anything else Arabic (spec 03 §3). */
  defaultLanguage: z.enum(LANGUAGES),
  multiLanguage: z.boolean(),
});
export type JournalDataRequest = z.input<typeof journalDataRequest>;

export const INFO_SECTIONS = [
  'aboutUs',
  'editorialBoard',
  'contactUs',
  'publishPolicy',
  'termsAndConditions',
  'aimsAndScopes',
] as const;
export type InfoSection = (typeof INFO_SECTIONS)[number];

/** GET /api/journals/{slug}: the journal bootstrap, cached by the browser (spec 01 §3, spec 03 §3). */
export const journalBootstrap = z.object({
  id: z.number(),
  slug: z.string(),
  journalViews: z.number(),
  logoUrl: z.string().nullable(),
  coverUrl: z.object({ en: z.string().nullable(), ar: z.string().nullable() }),
  journalData: z.object({
    title: bilingual,
    foundationName: bilingual,
    welcomeMsg: bilingual,
    email: z.string(),
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    linkedin: z.string().nullable(),
    website: z.string(),
    multiLanguage: z.boolean(),
    defaultLanguage: z.enum(LANGUAGES),
    crossMark: z.boolean(),
    impactFactor: z.number(),
    issueFrequency: z.number(),
    codePrefix: z.string().nullable(),
    sections: z.object(
      Object.fromEntries(INFO_SECTIONS.map((s) => [s, bilingual])) as Record<InfoSection, typeof bilingual>,
    ),
    reportsTermsAndConditionsEn: z.string(),
  }),
  settings: z.object({
    ethicsQuestionnaire: z.boolean(),
    extraPaperTypes: z.boolean(),
    suggestedReviewersMin: z.number(),
  }),
});
export type JournalBootstrap = z.infer<typeof journalBootstrap>;

export const homeResponse = z.object({
  homeSlider: z.array(
    z.object({ id: z.number(), imageUrl: z.string(), caption: bilingual, color: z.string().nullable() }),
  ),
  statistics: z.object({ issues: z.number(), papers: z.number() }),
  mostPopularPapers: z.array(z.object({ id: z.number(), title: bilingual, views: z.number() })),
});
export type HomeResponse = z.infer<typeof homeResponse>;

export interface CustomTabNode {
  id: number;
  slug: string;
  name: Bilingual;
  subTabs: CustomTabNode[];
}
/**
 * Registered under an id: a recursive schema is a named component of the OpenAPI document, which its own
 * sub-tabs and the tab list refer to (unnamed, the reference pointed at nothing).
 */
const customTabNode: z.ZodType<CustomTabNode> = z
  .lazy(() => z.object({ id: z.number(), slug: z.string(), name: bilingual, subTabs: z.array(customTabNode) }))
  .meta({ id: 'CustomTabNode' });

export const homeTabsResponse = z.object({
  customTabs: z.array(customTabNode),
  currentIssue: z.object({ id: z.number(), volume: z.number(), issue: z.string(), chronology: z.string() }).nullable(),
});
export type HomeTabsResponse = z.infer<typeof homeTabsResponse>;

export const customTabPage = z.object({ id: z.number(), slug: z.string(), name: bilingual, content: bilingual });
export type CustomTabPage = z.infer<typeof customTabPage>;

export const specializationItem = z.object({
  id: z.number(),
  name: bilingual,
  keywords: z.array(z.string()),
});
export type SpecializationItem = z.infer<typeof specializationItem>;

/** GET /api/journals/{slug}/auth/register: what the register form needs (spec 01 §7). */
export const registrationInfo = z.object({
  atRegister: z.boolean(),
  atRegisterPrice: z.string().nullable(),
  specializations: z.array(specializationItem),
});
export type RegistrationInfo = z.infer<typeof registrationInfo>;

export const landingResponse = z.object({
  journals: z.array(z.object({ id: z.number(), slug: z.string(), name: bilingual, logoUrl: z.string().nullable() })),
  statistics: z.object({ journals: z.number(), issues: z.number(), papers: z.number(), researchers: z.number() }),
});
export type LandingResponse = z.infer<typeof landingResponse>;

export const visitResponse = z.object({ journalViews: z.number() });

/**
 * GET journals/{slug}/statistics: the journal's editorial statistics (issue 10 §4), public and cached. Per year:
 * first versions received (by submission year) and papers published (by their issue's publication year). The rest
 * over the journal's whole history: acceptance rate of the papers finally decided (accepted or published, over
 * those and the rejected), the median days from first submission to the first decision (a final decision or a
 * direct refusal of any version), the median days from invitation to review.
 */
export const editorialStatisticsResponse = z.object({
  perYear: z.array(z.object({ year: z.number(), received: z.number(), published: z.number() })),
  received: z.number(),
  decided: z.number(),
  acceptanceRate: z.number().nullable().describe('From 0 to 1; null before any final decision.'),
  medianDaysToFirstDecision: z.number().nullable(),
  medianDaysToReview: z.number().nullable(),
  reviews: z.number(),
  published: z.number(),
});
export type EditorialStatistics = z.infer<typeof editorialStatisticsResponse>;
