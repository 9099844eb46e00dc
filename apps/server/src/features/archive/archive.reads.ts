import type { Language } from '@journals/core/enums';
import {
  archiveHomeResponse,
  archiveIssueResponse,
  archivePaperResponse,
  archiveTimelineResponse,
} from '@journals/core/schemas/archive';
import { fullTextAccessResponse } from '@journals/core/schemas/full-text';
import { searchQuery, searchResponse } from '@journals/core/schemas/search';
import { GUEST } from '@journals/core/rules/permissions';
import type { SearchCriteria } from '@journals/core/search-criteria';
import { currentJournal, type Journal } from '../../domain/journal-context';
import { wireJson } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import * as archive from './archive.service';
import { accessAnswer } from './full-text.service';
import { searchPapers } from './search.service';

/**
 * The archive's public answers as cached wires (lib/cache.ts): built from the database once per CACHE_TTL_MS on each
 * process. The routes send them; the first HTML of an archive page carries the same bodies (app.ts), so a reader's
 * first visit asks for none of them. Cache keys start with `journal:{slug}:` so that dropping a journal's entries
 * drops these too.
 */
type ReadDeps = Pick<Deps, 'db' | 'cache'>;

export const timelineWire = (deps: ReadDeps, slug: string) =>
  deps.cache.get(`journal:${slug}:archive`, async () =>
    wireJson(archiveTimelineResponse, await archive.timelineOf(deps.db, await currentJournal(deps, slug))),
  );

export const archiveHomeWire = (deps: ReadDeps, slug: string) =>
  deps.cache.get(`journal:${slug}:archive-home`, async () =>
    wireJson(archiveHomeResponse, await archive.archiveHomeOf(deps.db, await currentJournal(deps, slug))),
  );

export const issueWire = (deps: ReadDeps, slug: string, volume: number, issue: string) =>
  deps.cache.get(`journal:${slug}:archive:issue:${volume}:${Number(issue)}`, async () =>
    wireJson(archiveIssueResponse, await archive.issueOf(deps.db, await currentJournal(deps, slug), volume, issue)),
  );

export const paperWire = (deps: ReadDeps, slug: string, id: number, language: Language) =>
  deps.cache.get(`journal:${slug}:archive:paper:${id}:${language}`, async () =>
    wireJson(archivePaperResponse, await archive.paperOf(deps.db, await currentJournal(deps, slug), id, language)),
  );

/**
 * A search's answer for the first HTML of its page, read as the API reads it (`null` for criteria the API would
 * refuse, and for a search refused as busy or too broad: the page then asks and shows the refusal). Not cached: each
 * search is its own, and as fresh as the API's.
 */
export async function searchWire(
  deps: Pick<Deps, 'db' | 'cache' | 'search'>,
  slug: string,
  criteria: SearchCriteria,
  language: Language,
) {
  const query = searchQuery.safeParse(criteria);
  if (!query.success) return null;
  const journal = await currentJournal(deps, slug);
  try {
    return wireJson(searchResponse, await searchPapers(deps, journal, query.data, language));
  } catch (error) {
    if (error instanceof AppError && (error.code === 'unavailable' || error.code === 'validation')) return null;
    throw error;
  }
}

/**
 * A guest's access to the journal's full texts (GET archive/access without a paper): what the search's hits show
 * beside each paper. A guest's is the same for everyone, so it is cached with the journal's answers.
 */
export const guestAccessWire = (deps: ReadDeps, journal: Journal) =>
  deps.cache.get(`journal:${journal.slug}:archive:guest-access`, async () =>
    wireJson(fullTextAccessResponse, await accessAnswer(deps.db, journal, { actor: GUEST, userId: null }, undefined)),
  );
