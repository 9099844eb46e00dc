import type { EditorialCounts, EditorialPaperItem } from '@journals/core/schemas/editorial';
import { CHANNELS, type Database, type DatabaseHandle } from '../../db/client';
import { HeardCache, hearChanges } from '../../lib/heard-cache';
import type { ReviewScope } from '../../domain/paper-access';

/** The editorial desk remembered (decisions 0064 and 0068): what is kept, its key, and what makes it forgotten. */

export type DeskFront = { counts: EditorialCounts; recent: EditorialPaperItem[] };
export type CardPage = { items: EditorialPaperItem[]; total: number; page: number; pageSize: number };
/** A card's paper report as the bytes of its answer (editorial-report.service.ts). */
export type RememberedReport = { bytes: Buffer };
type Remembered = DeskFront | CardPage | RememberedReport;

/**
 * What the remembered reports of a process may hold together, in bytes (a year's report of a large journal is about
 * a million; the largest, REPORT_MAX_ROWS rows, about ten): the oldest go first.
 */
const REPORTS_MAX_BYTES = 64_000_000;

/**
 * What a process remembers of the desk until the database announces a change to what it reads (decision 0064): the
 * front and each card's first page, keyed by the journal, the caller, their scope's specializations and the day
 * (the delay card's count moves with the day), and each paper report asked for (decision 0068). Later pages and
 * searches are read each time. One per database.
 */
const rememberedDesks = new WeakMap<Database, HeardCache<Remembered>>();
export function editorialDesksOf(db: Database) {
  let desks = rememberedDesks.get(db);
  if (!desks) {
    // A small report's bytes share a slab of Node's buffer pool (8 KB): it is weighed as the slab it may hold.
    const weightOf = (value: Remembered) => ('bytes' in value ? Math.max(value.bytes.length, 8_192) : 0);
    rememberedDesks.set(db, (desks = new HeardCache<Remembered>({ weightOf, maxWeight: REPORTS_MAX_BYTES })));
  }
  return desks;
}
export const deskKey = (scope: ReviewScope, day: string, what: string) =>
  `${scope.journalId}:${scope.userId}:${scope.specializations?.join('.') ?? '*'}:${day}:${what}`;

/**
 * Hears the database's announcements (every desk of a journal is forgotten, or every desk with `*`): a change to
 * papers on `author_dashboards` (migration 0030, `creator:journal` pairs), and on `editorial_desks` (migrations
 * 0032 and 0033, journal ids) one to co-authors, to specializations' names, to what a report shows of reviewers'
 * invitations and final decisions, or to a user's e-mail or full name (`*`). Returns the way to stop.
 */
export function hearEditorialDeskChanges(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  return hearChanges(
    database,
    editorialDesksOf(database.db),
    { channel: CHANNELS.authorDashboards, prefixesOf: (pairs) => pairs.map((pair) => `${pair.split(':')[1]}:`) },
    { channel: CHANNELS.editorialDesks, prefixesOf: (journals) => journals.map((journal) => `${journal}:`) },
  );
}
