import type { Language } from '@journals/core/enums';
import {
  archiveHomeResponse,
  archiveIssueResponse,
  archivePaperResponse,
  archiveTimelineResponse,
} from '@journals/core/schemas/archive';
import { currentJournal } from '../../domain/journal-context';
import { wireJson } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import * as archive from './archive.service';

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
