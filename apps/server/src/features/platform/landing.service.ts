import type { LandingContentResponse, landingContentRequest } from '@journals/core/schemas/landing';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { journals, landingContent } from '../../db/schema';
import { inCarouselOrder, readLandingContent } from '../../domain/landing-content';
import type { Deps } from '../../lib/deps';
import { FieldError } from '../../lib/errors';

/**
 * The landing page as the platform administrator edits it (issue 22 §4, decision 0054): its tagline, features and
 * the carousel of client journals — every journal in the carousel's order, each shown or not (a switched-off
 * journal is never shown, whatever its flag says).
 */
export async function landingForm({ db }: Pick<Deps, 'db'>): Promise<LandingContentResponse> {
  const [content, rows] = await Promise.all([
    readLandingContent(db),
    db
      .select({
        id: journals.id,
        slug: journals.slug,
        titleEn: journals.titleEn,
        titleAr: journals.titleAr,
        active: journals.active,
      })
      .from(journals)
      .orderBy(asc(journals.id)),
  ]);
  return {
    taglineEn: content.taglineEn,
    taglineAr: content.taglineAr,
    features: content.features,
    journals: inCarouselOrder(rows, content.journals),
  };
}

/** Saves the whole page at once; the landing's cached answer on this process is dropped (the others: the TTL). */
export async function saveLanding(
  { db, cache }: Pick<Deps, 'db' | 'cache'>,
  body: z.output<typeof landingContentRequest>,
) {
  const ids = body.journals.map((row) => row.id);
  if (ids.length > 0) {
    const known = await db.select({ id: journals.id }).from(journals).where(inArray(journals.id, ids));
    if (known.length !== ids.length) throw FieldError('Journals', 'landing.unknown_journal');
  }
  const content = {
    taglineEn: body.taglineEn.trim(),
    taglineAr: body.taglineAr.trim(),
    features: body.features.map((feature) => ({
      icon: feature.icon,
      titleEn: feature.titleEn.trim(),
      titleAr: feature.titleAr.trim(),
      textEn: feature.textEn.trim(),
      textAr: feature.textAr.trim(),
    })),
    journals: body.journals,
    updatedAt: new Date(),
  };
  await db
    .insert(landingContent)
    .values({ id: 1, ...content })
    .onConflictDoUpdate({ target: landingContent.id, set: content });
  cache.invalidate('landing');
}
