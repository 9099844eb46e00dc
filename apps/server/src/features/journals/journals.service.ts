import { PAPER_STATUS, ISSUE_STATUS } from '@journals/core/enums';
import type { CustomTabNode, JournalBootstrap } from '@journals/core/schemas/journals';
import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import { inCarouselOrder, readLandingContent } from '../../domain/landing-content';
import type { Database } from '../../db/client';
import { customTabs, issues, journalRoles, journals, papers, slides } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { currentIssue, mostReadPapers } from '../../domain/published-papers';
import { journalImageUrl, withVersion } from './journal-data.service';

const fileUrl = (journal: Journal, name: string) => `/api/journals/${journal.slug}/files/${name}`;

export function bootstrapOf(journal: Journal): JournalBootstrap {
  const both = (en: string, ar: string) => ({ en, ar });
  return {
    id: journal.id,
    slug: journal.slug,
    active: journal.active,
    journalViews: journal.views,
    logoUrl: journalImageUrl(journal, 'logo', journal.logoKey),
    coverUrl: {
      en: journalImageUrl(journal, 'coverEn', journal.coverEnKey),
      ar: journalImageUrl(journal, 'coverAr', journal.coverArKey),
    },
    journalData: {
      title: both(journal.titleEn, journal.titleAr),
      foundationName: both(journal.foundationNameEn, journal.foundationNameAr),
      welcomeMsg: both(journal.welcomeMsgEn, journal.welcomeMsgAr),
      email: journal.email,
      facebook: journal.facebook,
      twitter: journal.twitter,
      linkedin: journal.linkedin,
      website: journal.website,
      multiLanguage: journal.multiLanguage,
      defaultLanguage: journal.defaultLanguage,
      crossMark: journal.crossMark,
      impactFactor: journal.impactFactor,
      issueFrequency: journal.issueFrequency,
      codePrefix: journal.codePrefix,
      sections: {
        aboutUs: both(journal.aboutUsEn, journal.aboutUsAr),
        editorialBoard: both(journal.editorialBoardEn, journal.editorialBoardAr),
        contactUs: both(journal.contactUsEn, journal.contactUsAr),
        publishPolicy: both(journal.publishPolicyEn, journal.publishPolicyAr),
        termsAndConditions: both(journal.termsAndConditionsEn, journal.termsAndConditionsAr),
        aimsAndScopes: both(journal.aimsAndScopesEn, journal.aimsAndScopesAr),
      },
      reportsTermsAndConditionsEn: journal.reportsTermsAndConditionsEn,
    },
    settings: {
      ethicsQuestionnaire: journal.ethicsQuestionnaire,
      extraPaperTypes: journal.extraPaperTypes,
      suggestedReviewersMin: journal.suggestedReviewersMin,
    },
  };
}

/** Published issues and published papers of one journal (the home statistics). */
async function journalStatistics(db: Database, journalId: number) {
  const [[issueCount], [paperCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(issues)
      .where(and(eq(issues.journalId, journalId), eq(issues.status, ISSUE_STATUS.published))),
    db
      .select({ n: count() })
      .from(papers)
      .where(and(eq(papers.journalId, journalId), eq(papers.status, PAPER_STATUS.published))),
  ]);
  return { issues: issueCount!.n, papers: paperCount!.n };
}

export async function homeOf(db: Database, journal: Journal) {
  const [slideRows, statistics, popular] = await Promise.all([
    db
      .select()
      .from(slides)
      .where(and(eq(slides.journalId, journal.id), eq(slides.enabled, true)))
      .orderBy(asc(slides.order), asc(slides.id)),
    journalStatistics(db, journal.id),
    // The archive's counts (views once per reader and day, decision 0032), as the archive's own home shows them.
    mostReadPapers(db, journal.id),
  ]);
  return {
    homeSlider: slideRows.map((slide) => ({
      id: slide.id,
      imageUrl: withVersion(fileUrl(journal, `slides/${slide.id}`), slide.imageKey),
      caption: { en: slide.captionEn, ar: slide.captionAr },
      color: slide.color,
    })),
    statistics,
    mostPopularPapers: popular.map((paper) => ({
      id: paper.id,
      title: { en: paper.titleEn, ar: paper.titleAr },
      views: paper.views,
    })),
  };
}

export async function tabsOf(db: Database, journal: Journal) {
  const rows = await db
    .select()
    .from(customTabs)
    .where(and(eq(customTabs.journalId, journal.id), eq(customTabs.active, true)))
    .orderBy(asc(customTabs.order), asc(customTabs.id));
  const node = (row: (typeof rows)[number]): CustomTabNode => ({
    id: row.id,
    slug: row.slug,
    name: { en: row.nameEn, ar: row.nameAr },
    subTabs: rows.filter((child) => child.parentId === row.id).map(node),
  });
  const current = await currentIssue(db, journal.id);
  return {
    customTabs: rows.filter((row) => row.parentId === null).map(node),
    currentIssue: current
      ? { id: current.id, volume: current.volume, issue: current.issue, chronology: current.chronology }
      : null,
  };
}

export async function tabPage(db: Database, journal: Journal, slug: string) {
  const [tab] = await db
    .select()
    .from(customTabs)
    .where(and(eq(customTabs.journalId, journal.id), eq(customTabs.slug, slug), eq(customTabs.active, true)));
  if (!tab) throw NotFoundError();
  return {
    id: tab.id,
    slug: tab.slug,
    name: { en: tab.nameEn, ar: tab.nameAr },
    content: { en: tab.contentEn, ar: tab.contentAr },
  };
}

export async function countVisit(db: Database, journal: Journal) {
  const [row] = await db
    .update(journals)
    .set({ views: sql`${journals.views} + 1` })
    .where(eq(journals.id, journal.id))
    .returning({ views: journals.views });
  return { journalViews: row!.views };
}

/**
 * GET /api/landing: the platform's tagline and features, the active journals its administrator shows in the
 * carousel (in their order), and the headline statistics. Five statements, answered from the read cache.
 */
export async function landing(db: Database) {
  const [rows, content, [issueCount], [paperCount], [researcherCount]] = await Promise.all([
    db.select().from(journals).where(eq(journals.active, true)).orderBy(asc(journals.id)),
    readLandingContent(db),
    db.select({ n: count() }).from(issues).where(eq(issues.status, ISSUE_STATUS.published)),
    db.select({ n: count() }).from(papers).where(eq(papers.status, PAPER_STATUS.published)),
    db
      .select({ n: countDistinct(journalRoles.userId) })
      .from(journalRoles)
      .where(eq(journalRoles.role, 'researcher')),
  ]);
  return {
    tagline: { en: content.taglineEn, ar: content.taglineAr },
    features: content.features.map((feature) => ({
      icon: feature.icon,
      title: { en: feature.titleEn, ar: feature.titleAr },
      text: { en: feature.textEn, ar: feature.textAr },
    })),
    journals: inCarouselOrder(rows, content.journals)
      .filter((journal) => journal.shown)
      .map((journal) => ({
        id: journal.id,
        slug: journal.slug,
        name: { en: journal.titleEn, ar: journal.titleAr },
        logoUrl: journalImageUrl(journal, 'logo', journal.logoKey),
      })),
    statistics: {
      journals: rows.length,
      issues: issueCount!.n,
      papers: paperCount!.n,
      researchers: researcherCount!.n,
    },
  };
}

/** The storage key of a public journal image, or null. */
export async function publicImageKey(
  db: Database,
  journal: Journal,
  kind: 'logo' | 'cover-en' | 'cover-ar' | 'slide',
  slideId?: number,
) {
  if (kind === 'logo') return journal.logoKey;
  if (kind === 'cover-en') return journal.coverEnKey;
  if (kind === 'cover-ar') return journal.coverArKey;
  const [slide] = await db
    .select({ key: slides.imageKey })
    .from(slides)
    .where(and(eq(slides.journalId, journal.id), eq(slides.id, slideId ?? 0), eq(slides.enabled, true)));
  return slide?.key ?? null;
}
