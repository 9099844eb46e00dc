import { DEFAULT_LANDING } from '@journals/core/schemas/landing';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { landingContent } from '../db/schema';

/**
 * The landing page's content (decision 0054): the administrator's row, or core's defaults before the first save.
 * Read by the public landing (cached) and by the administrator's form.
 */
export async function readLandingContent(db: Database) {
  const [row] = await db.select().from(landingContent).where(eq(landingContent.id, 1));
  return row ?? { ...DEFAULT_LANDING, journals: [] as { id: number; shown: boolean }[] };
}

/**
 * Journals in the carousel's order: those the administrator placed, in their order, then the others by id (a
 * journal made after the last save comes at the end, shown).
 */
export function inCarouselOrder<J extends { id: number }>(journals: J[], placed: { id: number; shown: boolean }[]) {
  const position = new Map(placed.map((row, index) => [row.id, index]));
  const hidden = new Set(placed.filter((row) => !row.shown).map((row) => row.id));
  const ordered = [...journals].sort(
    (a, b) => (position.get(a.id) ?? placed.length + a.id) - (position.get(b.id) ?? placed.length + b.id),
  );
  return ordered.map((journal) => ({ ...journal, shown: !hidden.has(journal.id) }));
}
