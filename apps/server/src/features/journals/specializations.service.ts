import type { SpecializationRow, SpecializationUsage } from '@journals/core/schemas/specializations';
import type { z } from 'zod';
import type { specializationRequest } from '@journals/core/schemas/specializations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { specializations } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';

/**
 * The journal's specializations and keywords (spec 03, issue 22 §2): listed, added, edited and deleted. A delete is
 * soft: the specialization leaves every list where it is chosen, and the papers and people filed under it keep it
 * (their pages still name it). Each change drops the journal's public answers from this process's cache.
 */

type Values = z.output<typeof specializationRequest>;
const columns = {
  id: specializations.id,
  nameEn: specializations.nameEn,
  nameAr: specializations.nameAr,
  keywords: specializations.keywords,
};
const live = (journal: Journal, id?: number) =>
  and(
    eq(specializations.journalId, journal.id),
    eq(specializations.isDeleted, false),
    id === undefined ? undefined : eq(specializations.id, id),
  );

export async function listSpecializations({ db }: Pick<Deps, 'db'>, journal: Journal): Promise<SpecializationRow[]> {
  return db.select(columns).from(specializations).where(live(journal)).orderBy(asc(specializations.id));
}

export async function addSpecialization(deps: Pick<Deps, 'db' | 'cache'>, journal: Journal, values: Values) {
  const [row] = await deps.db
    .insert(specializations)
    .values({ journalId: journal.id, ...values })
    .returning(columns);
  deps.cache.invalidate(`journal:${journal.slug}`);
  return row!;
}

export async function editSpecialization(
  deps: Pick<Deps, 'db' | 'cache'>,
  journal: Journal,
  id: number,
  values: Values,
) {
  const [row] = await deps.db.update(specializations).set(values).where(live(journal, id)).returning(columns);
  if (!row) throw NotFoundError('specializations.not_found');
  deps.cache.invalidate(`journal:${journal.slug}`);
  return row;
}

/** What a delete would leave holding the specialization: the papers filed under it, the people who chose it. */
export async function specializationUsage(
  { db }: Pick<Deps, 'db'>,
  journal: Journal,
  id: number,
): Promise<SpecializationUsage> {
  const [row] = await rowsOf<SpecializationUsage>(
    db,
    sql`select
        (select count(*)::int from papers p where p.specialization_id = s.id) as papers,
        (select count(*)::int from (
          select user_id from user_specializations where specialization_id = s.id
          union select user_id from role_specializations where specialization_id = s.id) u) as people
      from specializations s
      where s.id = ${id} and s.journal_id = ${journal.id} and not s.is_deleted`,
  );
  if (!row) throw NotFoundError('specializations.not_found');
  return row;
}

export async function deleteSpecialization(deps: Pick<Deps, 'db' | 'cache'>, journal: Journal, id: number) {
  const [row] = await deps.db
    .update(specializations)
    .set({ isDeleted: true })
    .where(live(journal, id))
    .returning({ id: specializations.id });
  if (!row) throw NotFoundError('specializations.not_found');
  deps.cache.invalidate(`journal:${journal.slug}`);
}
