import { randomBytes } from 'node:crypto';
import { specFieldName, type FieldErrors } from '@journals/core/errors';
import { extensionOf } from '@journals/core/files';
import { SLIDE_LIMITS, type SlideRow, slideRequest } from '@journals/core/schemas/slides';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { journals, slides } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, fieldErrorsOf, NotFoundError } from '../../lib/errors';
import type { ImageForm } from '../../lib/image-form';
import { withVersion } from './journal-data.service';

/**
 * The journal's news slider (spec 03 "Slide", §4–§5; issue 22 §2): at most five slides, each a picture with both
 * captions, a colour, a place and shown or hidden; the slider's switch shows or hides them all. Places are 1…n,
 * rewritten in one statement; changes of one journal's slider wait for each other (the journal row is locked), so a
 * sixth slide never slips in. A new picture is stored before the row is written and the old one removed after it;
 * a failed save leaves the slider as it was. Each change drops the journal's public answers from this process's
 * cache.
 */

type Row = typeof slides.$inferSelect;

async function journalSlides(tx: Tx, journal: Journal): Promise<Row[]> {
  return tx.select().from(slides).where(eq(slides.journalId, journal.id)).orderBy(asc(slides.order), asc(slides.id));
}

/** The picture's link for the editor panel: every slide's, shown or hidden, versioned by its storage key. */
const adminImageUrl = (journal: Journal, row: Row) =>
  withVersion(`/api/journals/${journal.slug}/slides/${row.id}/image`, row.imageKey);

const rowOf = (journal: Journal, row: Row, order: number): SlideRow => ({
  id: row.id,
  imageUrl: adminImageUrl(journal, row),
  captionEn: row.captionEn,
  captionAr: row.captionAr,
  color: row.color,
  enabled: row.enabled,
  order,
});

export async function listSlides({ db }: Pick<Deps, 'db'>, journal: Journal) {
  return (await journalSlides(db, journal)).map((row, index) => rowOf(journal, row, index + 1));
}

/** The storage key of a slide's picture, for the editor panel's preview (hidden slides included). */
export async function slideImageKey({ db }: Pick<Deps, 'db'>, journal: Journal, id: number) {
  const [row] = await db
    .select({ key: slides.imageKey })
    .from(slides)
    .where(and(eq(slides.journalId, journal.id), eq(slides.id, id)));
  return row?.key ?? null;
}

async function lockedSlides(tx: Tx, journal: Journal) {
  await tx.select({ id: journals.id }).from(journals).where(eq(journals.id, journal.id)).for('update');
  return journalSlides(tx, journal);
}

async function writeOrder(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${slides} set "order" = placed.place
    from (select * from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as t(id, place)) as placed
    where ${slides.id} = placed.id`);
}

/** The save's values and picture, every refusal in one answer (the picture "required" for a new slide). */
function checked(form: ImageForm<'image'>, imageRequired: boolean) {
  const parsed = slideRequest.safeParse(form.data ?? {});
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (imageRequired && !form.images.image) errors[specFieldName(['image'])] = ['slides.image_required'];
  if (!parsed.success || Object.keys(errors).length > 0) throw new AppError('validation', 'errors.validation', errors);
  return parsed.data;
}

async function storePicture(deps: Pick<Deps, 'storage'>, journal: Journal, form: ImageForm<'image'>) {
  const upload = form.images.image;
  if (!upload) return null;
  const extension = extensionOf(upload.originalName).replace(/[^a-z0-9]/g, '') || 'img';
  const key = `journals/${journal.id}/slides/${randomBytes(12).toString('hex')}.${extension}`;
  await deps.storage.put(key, upload.content);
  return key;
}

export async function addSlide(deps: Deps, journal: Journal, form: ImageForm<'image'>) {
  const values = checked(form, true);
  const key = (await storePicture(deps, journal, form))!;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await lockedSlides(tx, journal);
      if (current.length >= SLIDE_LIMITS.max) throw ConflictError('slides.too_many');
      const [created] = await tx
        .insert(slides)
        .values({ journalId: journal.id, imageKey: key, ...values, order: current.length + 1 })
        .returning();
      return rowOf(journal, created!, current.length + 1);
    });
    deps.cache.invalidate(`journal:${journal.slug}`);
    return row;
  } catch (error) {
    await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function editSlide(deps: Deps, journal: Journal, id: number, form: ImageForm<'image'>) {
  const values = checked(form, false);
  const key = await storePicture(deps, journal, form);
  try {
    const { row, replaced } = await deps.db.transaction(async (tx) => {
      const current = await lockedSlides(tx, journal);
      const index = current.findIndex((slide) => slide.id === id);
      if (index < 0) throw NotFoundError('slides.not_found');
      const [updated] = await tx
        .update(slides)
        .set({ ...values, ...(key ? { imageKey: key } : {}) })
        .where(eq(slides.id, id))
        .returning();
      return { row: rowOf(journal, updated!, index + 1), replaced: key ? current[index]!.imageKey : null };
    });
    if (replaced) await deps.storage.remove(replaced).catch(() => undefined);
    deps.cache.invalidate(`journal:${journal.slug}`);
    return row;
  } catch (error) {
    if (key) await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function deleteSlide(deps: Deps, journal: Journal, id: number) {
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockedSlides(tx, journal);
    const target = current.find((slide) => slide.id === id);
    if (!target) throw NotFoundError('slides.not_found');
    await tx.delete(slides).where(eq(slides.id, id));
    await writeOrder(
      tx,
      current.filter((slide) => slide.id !== id).map((slide) => slide.id),
    );
    return target.imageKey;
  });
  await deps.storage.remove(removed).catch(() => undefined);
  deps.cache.invalidate(`journal:${journal.slug}`);
}

export async function reorderSlides(deps: Pick<Deps, 'db' | 'cache'>, journal: Journal, ids: number[]) {
  const rows = await deps.db.transaction(async (tx) => {
    const current = await lockedSlides(tx, journal);
    const known = new Set(current.map((slide) => slide.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((one) => !known.has(one))) {
      throw new AppError('validation', 'errors.validation', { [specFieldName(['ids'])]: ['slides.order_ids'] });
    }
    await writeOrder(tx, ids);
    const byId = new Map(current.map((slide) => [slide.id, slide]));
    return ids.map((one, index) => rowOf(journal, byId.get(one)!, index + 1));
  });
  deps.cache.invalidate(`journal:${journal.slug}`);
  return rows;
}

/** The slider's switch (spec 03 §4): every slide shown, or every slide hidden. */
export async function switchSlider(deps: Pick<Deps, 'db' | 'cache'>, journal: Journal, enabled: boolean) {
  await deps.db.update(slides).set({ enabled }).where(eq(slides.journalId, journal.id));
  deps.cache.invalidate(`journal:${journal.slug}`);
}
