import { z } from 'zod';
import { FEATURE_ICONS } from './landing';
import { LANGUAGES } from '../enums';

/** Journal data (spec 03 §3) and the public answers built from it. */

export const bilingual = z.object({ en: z.string(), ar: z.string() });
export type Bilingual = z.infer<typeof bilingual>;

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
  /** False while the platform administrator has switched the journal off (its site says so). */
  active: z.boolean(),
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
  tagline: bilingual,
  features: z.array(z.object({ icon: z.enum(FEATURE_ICONS), title: bilingual, text: bilingual })),
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
