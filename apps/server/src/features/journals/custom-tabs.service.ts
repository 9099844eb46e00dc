import { specFieldName } from '@journals/core/errors';
import { type CustomTabAdminNode, type customTabRequest, tabSlug } from '@journals/core/schemas/custom-tabs';
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { customTabs, journals } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError, NotFoundError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';

/**
 * The journal's custom tabs (spec 03 "Custom tab", §4–§5; issue 22 §2): the tree of main tabs and their sub-tabs,
 * added, edited and deleted. Two levels only; a main tab's deactivation and deletion carry its sub-tabs; the public
 * address is made once from the English name. Rich text is cleaned by the one allow-list before it is stored. Each
 * change drops the journal's public answers (menu, pages) from this process's cache.
 */

type Values = z.output<typeof customTabRequest>;
type Row = typeof customTabs.$inferSelect;

const refuse = (field: string, key: string) =>
  new AppError('validation', 'errors.validation', { [specFieldName([field])]: [key] });

async function journalTabs(tx: Tx, journal: Journal): Promise<Row[]> {
  return tx
    .select()
    .from(customTabs)
    .where(eq(customTabs.journalId, journal.id))
    .orderBy(asc(customTabs.order), asc(customTabs.id));
}

const node = (rows: Row[]) => {
  const build = (row: Row): CustomTabAdminNode => ({
    id: row.id,
    slug: row.slug,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    contentEn: row.contentEn,
    contentAr: row.contentAr,
    order: row.order,
    active: row.active,
    parentId: row.parentId,
    subTabs: rows.filter((child) => child.parentId === row.id).map(build),
  });
  return build;
};

/** Every tab of the journal, shown or hidden, as the tree the screen draws. One statement. */
export async function customTabTree({ db }: Pick<Deps, 'db'>, journal: Journal) {
  const rows = await journalTabs(db, journal);
  return rows.filter((row) => row.parentId === null).map(node(rows));
}

/** The journal's tabs with the journal locked against another change of them (a slug is chosen once). */
async function lockedTabs(tx: Tx, journal: Journal) {
  await tx.select({ id: journals.id }).from(journals).where(eq(journals.id, journal.id)).for('update');
  return journalTabs(tx, journal);
}

/** The parent rule: none, or one of the journal's main tabs other than the tab itself, never under a sub-tab. */
function checkParent(tabs: Row[], values: Values, self?: Row) {
  if (values.parentId === null) return;
  const parent = tabs.find((tab) => tab.id === values.parentId);
  if (!parent || parent.parentId !== null || parent.id === self?.id)
    throw refuse('parentId', 'customTabs.parent_invalid');
  if (self && tabs.some((tab) => tab.parentId === self.id)) throw refuse('parentId', 'customTabs.parent_has_subs');
}

const stored = (values: Values, ownOrigin: string) => ({
  nameEn: values.nameEn.trim(),
  nameAr: values.nameAr.trim(),
  order: values.order,
  parentId: values.parentId,
  active: values.active,
  contentEn: sanitizeRichText(values.contentEn, ownOrigin),
  contentAr: sanitizeRichText(values.contentAr, ownOrigin),
});

export async function addCustomTab(deps: Pick<Deps, 'db' | 'cache' | 'config'>, journal: Journal, values: Values) {
  const created = await deps.db.transaction(async (tx) => {
    const tabs = await lockedTabs(tx, journal);
    checkParent(tabs, values);
    const base = tabSlug(values.nameEn);
    const taken = new Set(
      (
        await tx
          .select({ slug: customTabs.slug })
          .from(customTabs)
          .where(
            and(
              eq(customTabs.journalId, journal.id),
              or(eq(customTabs.slug, base), like(customTabs.slug, `${base}-%`)),
            ),
          )
      ).map((row) => row.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [row] = await tx
      .insert(customTabs)
      .values({ journalId: journal.id, slug, ...stored(values, deps.config.PUBLIC_URL) })
      .returning();
    return row!;
  });
  deps.cache.invalidate(`journal:${journal.slug}`);
  return node([created])(created);
}

export async function editCustomTab(
  deps: Pick<Deps, 'db' | 'cache' | 'config'>,
  journal: Journal,
  id: number,
  values: Values,
) {
  const edited = await deps.db.transaction(async (tx) => {
    const tabs = await lockedTabs(tx, journal);
    const self = tabs.find((tab) => tab.id === id);
    if (!self) throw NotFoundError('customTabs.not_found');
    checkParent(tabs, values, self);
    const [row] = await tx
      .update(customTabs)
      .set(stored(values, deps.config.PUBLIC_URL))
      .where(eq(customTabs.id, id))
      .returning();
    // A main tab hidden hides its sub-tabs with it (spec 03 §4); shown again, it leaves them as they are.
    if (self.active && !values.active && self.parentId === null) {
      await tx
        .update(customTabs)
        .set({ active: false })
        .where(and(eq(customTabs.journalId, journal.id), eq(customTabs.parentId, id)));
    }
    return { row: row!, tabs: await journalTabs(tx, journal) };
  });
  deps.cache.invalidate(`journal:${journal.slug}`);
  return node(edited.tabs)(edited.row);
}

/** Deletes a tab, and a main tab's sub-tabs with it. */
export async function deleteCustomTab(deps: Pick<Deps, 'db' | 'cache'>, journal: Journal, id: number) {
  await deps.db.transaction(async (tx) => {
    const tabs = await lockedTabs(tx, journal);
    const self = tabs.find((tab) => tab.id === id);
    if (!self) throw NotFoundError('customTabs.not_found');
    const ids = [id, ...tabs.filter((tab) => tab.parentId === id).map((tab) => tab.id)];
    await tx.delete(customTabs).where(and(eq(customTabs.journalId, journal.id), inArray(customTabs.id, ids)));
  });
  deps.cache.invalidate(`journal:${journal.slug}`);
}
