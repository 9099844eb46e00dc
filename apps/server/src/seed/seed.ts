import type { JournalRole } from '@journals/core/enums';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import {
  customTabs,
  journalPaymentSettings,
  journalRoles,
  journals,
  mailTemplates,
  reviewQuestions,
  roleSpecializations,
  slides,
  specializations,
  userSpecializations,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { sanitizeRichText } from '../lib/html';
import type { Storage } from '../storage/driver';
import { DEMO_JOURNALS, sectionTexts } from './demo-content';
import { seedArchive } from './demo-archive';
import { DEMO_ARCHIVES } from './demo-archive-content';
import { seedLateReview } from './demo-late-review';
import { seedRevisionRequest } from './demo-revision-request';
import { coverSvg, logoSvg, slideSvg } from './images';
import { reviewSheetRows } from '../domain/default-review-sheets';
import { defaultTemplateRows } from '../mail/templates';

export const DEMO_PASSWORD = 'Demo-pass-1';

/** One account per role in each journal, e-mail `<role>@<slug>.test`. */
export const DEMO_ROLES: {
  local: string;
  role: JournalRole;
  editorType?: number;
  name: [string, string];
  /** Reviewers come from other universities than the journal's (no conflict of interest with its authors). */
  workPlace?: [string, string];
}[] = [
  { local: 'editor', role: 'editor', editorType: 0, name: ['Amal Hassan', 'أمل حسن'] },
  { local: 'secretary', role: 'editor', editorType: 1, name: ['Mona Adel', 'منى عادل'] },
  { local: 'handling', role: 'handlingEditor', name: ['Omar Khaled', 'عمر خالد'] },
  {
    local: 'reviewer',
    role: 'reviewer',
    name: ['Sara Youssef', 'سارة يوسف'],
    workPlace: ['Alexandria University, Faculty of Nursing', 'جامعة الإسكندرية، كلية التمريض'],
  },
  {
    local: 'reviewer2',
    role: 'reviewer',
    name: ['Hany Farouk', 'هاني فاروق'],
    workPlace: ['Mansoura University, Faculty of Medicine', 'جامعة المنصورة، كلية الطب'],
  },
  { local: 'researcher', role: 'researcher', name: ['Karim Nabil', 'كريم نبيل'] },
  // The author and the reviewer of the demo's late review (demo-late-review.ts), apart from the accounts
  // above so that their dashboards stay as they are.
  {
    local: 'reviewer3',
    role: 'reviewer',
    name: ['Nadia Samir', 'نادية سمير'],
    workPlace: ['Assiut University, Faculty of Science', 'جامعة أسيوط، كلية العلوم'],
  },
  { local: 'researcher2', role: 'researcher', name: ['Youssef Ali', 'يوسف علي'] },
];

/** Fills an empty database with the demo platform (runs once: it does nothing when a journal exists). */
export async function seedDemo(db: Database, storage: Storage, log: FastifyBaseLogger) {
  const [existing] = await db.select({ n: count() }).from(journals);
  if (existing!.n > 0) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email: 'admin@platform.test',
        passwordHash,
        fullName: 'Platform Administrator',
        nameOnPaper: 'Platform Administrator',
        jobTitle: 'Administrator',
        workPlace: 'Journals platform',
        emailConfirmed: true,
        isPlatformAdmin: true,
      })
      .returning();
    void admin;

    for (const demo of DEMO_JOURNALS) {
      const keys = {
        logo: `journals/${demo.slug}/logo.svg`,
        coverEn: `journals/${demo.slug}/cover-en.svg`,
        coverAr: `journals/${demo.slug}/cover-ar.svg`,
      };
      await storage.put(keys.logo, Buffer.from(logoSvg(demo.initials, demo.colors[0])));
      await storage.put(keys.coverEn, Buffer.from(coverSvg(demo.titleEn, demo.foundationEn, ...demo.colors, false)));
      await storage.put(keys.coverAr, Buffer.from(coverSvg(demo.titleAr, demo.foundationAr, ...demo.colors, true)));

      const sections = Object.fromEntries(
        Object.entries(sectionTexts(demo)).map(([key, html]) => [key, sanitizeRichText(html)]),
      );
      const [journal] = await tx
        .insert(journals)
        .values({
          slug: demo.slug,
          titleEn: demo.titleEn,
          titleAr: demo.titleAr,
          foundationNameEn: demo.foundationEn,
          foundationNameAr: demo.foundationAr,
          website: demo.website,
          email: demo.email,
          facebook: 'https://facebook.com/example',
          twitter: demo.ethics ? null : 'https://twitter.com/example',
          linkedin: 'https://linkedin.com/company/example',
          impactFactor: demo.ethics ? 1.2 : 2.4,
          codePrefix: demo.codePrefix,
          crossMark: !demo.ethics,
          printIssn: DEMO_ARCHIVES[demo.slug]!.printIssn,
          onlineIssn: DEMO_ARCHIVES[demo.slug]!.onlineIssn,
          publisherEn: DEMO_ARCHIVES[demo.slug]!.publisherEn,
          publisherAr: DEMO_ARCHIVES[demo.slug]!.publisherAr,
          doiPrefix: DEMO_ARCHIVES[demo.slug]!.doiPrefix,
          depositorName: demo.foundationEn,
          depositorEmail: demo.email,
          licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
          // The journal mailbox's application password (spec 03 §3): a demo value, so the form saves as it opens.
          mailPassword: 'demo-mail-app-password',
          welcomeMsgEn: demo.welcomeEn,
          welcomeMsgAr: demo.welcomeAr,
          ...sections,
          issueFrequency: 8,
          defaultLanguage: demo.ethics ? 'ar' : 'en',
          multiLanguage: true,
          logoKey: keys.logo,
          coverEnKey: keys.coverEn,
          coverArKey: keys.coverAr,
          ethicsQuestionnaire: demo.ethics,
          extraPaperTypes: demo.ethics,
          suggestedReviewersMin: demo.ethics ? 2 : 0,
        })
        .returning();
      const journalId = journal!.id;
      await tx.insert(journalPaymentSettings).values({ journalId });

      const specs = await tx
        .insert(specializations)
        .values(demo.specializations.map((s) => ({ journalId, nameEn: s.en, nameAr: s.ar, keywords: s.keywords })))
        .returning();

      let order = 1;
      for (const tab of demo.tabs) {
        const [parent] = await tx
          .insert(customTabs)
          .values({
            journalId,
            slug: tab.slug,
            nameEn: tab.en,
            nameAr: tab.ar,
            contentEn: tab.contentEn,
            contentAr: tab.contentAr,
            order: order++,
          })
          .returning();
        for (const [index, child] of (tab.children ?? []).entries()) {
          await tx.insert(customTabs).values({
            journalId,
            parentId: parent!.id,
            slug: child.slug,
            nameEn: child.en,
            nameAr: child.ar,
            contentEn: sanitizeRichText(child.contentEn),
            contentAr: sanitizeRichText(child.contentAr),
            order: index + 1,
          });
        }
      }

      for (const [index, slide] of demo.slides.entries()) {
        const key = `journals/${demo.slug}/slides/slide-${index + 1}.svg`;
        await storage.put(key, Buffer.from(slideSvg(...slide.colors, index)));
        await tx
          .insert(slides)
          .values({ journalId, imageKey: key, captionEn: slide.en, captionAr: slide.ar, order: index + 1 });
      }

      const people = new Map<string, typeof users.$inferSelect>();
      for (const demoRole of DEMO_ROLES) {
        const [user] = await tx
          .insert(users)
          .values({
            email: `${demoRole.local}@${demo.slug}.test`,
            passwordHash,
            fullName: demoRole.name[demo.ethics ? 1 : 0],
            nameOnPaper: demoRole.name[0],
            jobTitle: demoRole.role === 'researcher' ? 'Assistant Lecturer' : 'Professor',
            workPlace: demoRole.workPlace?.[demo.ethics ? 1 : 0] ?? demo.foundationEn,
            emailConfirmed: true,
            availableAsReviewer: demoRole.role === 'reviewer',
            language: demo.ethics ? 'ar' : 'en',
          })
          .returning();
        people.set(demoRole.local, user!);
        await tx
          .insert(journalRoles)
          .values({ userId: user!.id, journalId, role: demoRole.role, editorType: demoRole.editorType ?? null });
        await tx.insert(userSpecializations).values({ userId: user!.id, specializationId: specs[0]!.id });
        if (demoRole.role === 'reviewer' || demoRole.role === 'handlingEditor') {
          await tx
            .insert(roleSpecializations)
            .values({ userId: user!.id, role: demoRole.role, specializationId: specs[0]!.id });
        }
      }

      const questions = await tx.insert(reviewQuestions).values(reviewSheetRows(journalId, demo.ethics)).returning();
      await tx.insert(mailTemplates).values(defaultTemplateRows(journalId));
      const researcher = people.get('researcher')!;
      await seedRevisionRequest(
        tx,
        storage,
        demo,
        {
          journalId,
          researcherId: researcher.id,
          editorId: people.get('editor')!.id,
          reviewerId: people.get('reviewer')!.id,
          // A nursing study: the journal's health or clinical field.
          specializationId: (specs.find((spec) => /health|clinical/i.test(spec.nameEn)) ?? specs[0]!).id,
        },
        { researcher },
        questions,
      );
      await seedLateReview(
        tx,
        demo,
        {
          journalId,
          researcherId: people.get('researcher2')!.id,
          editorId: people.get('editor')!.id,
          reviewerId: people.get('reviewer3')!.id,
          specializationId: specs[0]!.id,
        },
        people.get('researcher2')!,
      );
      const archive = DEMO_ARCHIVES[demo.slug]!;
      await seedArchive(
        tx,
        storage,
        demo,
        archive,
        {
          journalId,
          researcherId: researcher.id,
          editorId: people.get('editor')!.id,
          specializationIds: specs.map((spec) => spec.id),
        },
        researcher,
      );
    }
  });
  log.info('demo data seeded');
}
