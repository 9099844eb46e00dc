import { homeResponse, homeTabsResponse } from '@journals/core/schemas/journals';
import { currentJournal } from '../../domain/journal-context';
import { wireJson } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import * as journals from './journals.service';

/**
 * A journal's public home and menu as cached wires (lib/cache.ts), sent by the routes and carried by the first HTML
 * of the pages that show them (first-html.ts).
 */
type ReadDeps = Pick<Deps, 'db' | 'cache'>;

export const homeWire = (deps: ReadDeps, slug: string) =>
  deps.cache.get(`journal:${slug}:home`, async () =>
    wireJson(homeResponse, await journals.homeOf(deps.db, await currentJournal(deps, slug))),
  );

export const tabsWire = (deps: ReadDeps, slug: string) =>
  deps.cache.get(`journal:${slug}:tabs`, async () =>
    wireJson(homeTabsResponse, await journals.tabsOf(deps.db, await currentJournal(deps, slug))),
  );
