/** The platform's own content: its landing page as the platform administrator writes it (decision 0054). */
import type { LandingFeature } from '@journals/core/schemas/landing';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row (id 1) once the administrator has saved the landing page; before that the page shows the defaults of core
 * (`DEFAULT_LANDING`). `journals` is the carousel: journal ids in its order, each shown or not; a journal made
 * after the last save comes at the end, shown.
 */
export const landingContent = pgTable(
  'landing_content',
  {
    id: smallint('id').primaryKey().default(1),
    taglineEn: text('tagline_en').notNull(),
    taglineAr: text('tagline_ar').notNull(),
    features: jsonb('features').$type<LandingFeature[]>().notNull(),
    journals: jsonb('journals').$type<{ id: number; shown: boolean }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('landing_content_one_row', sql`${t.id} = 1`)],
);
