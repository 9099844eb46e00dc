import { homeResponse, homeTabsResponse, journalBootstrap, landingResponse } from '@journals/core/schemas/journals';
import { JOURNAL_SLUG } from '@journals/core/schemas/platform';
import { currentJournal } from '../../domain/journal-context';
import { type Wire, wireJson } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import type { LanePath } from '../../lib/memory-lane';
import * as journals from './journals.service';

/**
 * The public answers every visitor asks for, as cached wires (lib/cache.ts): read, encoded and tagged once per cache
 * fill. Sent by the routes, carried by the first HTML of the pages that show them (first-html.ts), and answered from
 * memory by the memory lane (lib/memory-lane.ts) while the cache holds them.
 */
type ReadDeps = Pick<Deps, 'db' | 'cache'>;

/** A cached answer: its key in the read cache and how it is loaded. The route and the memory lane share it. */
export interface CachedRead {
  key: string;
  load: () => Promise<Wire>;
}

export const landingRead = (deps: ReadDeps): CachedRead => ({
  key: 'landing',
  load: async () => wireJson(landingResponse, await journals.landing(deps.db)),
});

export const bootstrapRead = (deps: ReadDeps, slug: string): CachedRead => ({
  key: `journal:${slug}:bootstrap`,
  load: async () => wireJson(journalBootstrap, journals.bootstrapOf(await currentJournal(deps, slug))),
});

export const homeRead = (deps: ReadDeps, slug: string): CachedRead => ({
  key: `journal:${slug}:home`,
  load: async () => wireJson(homeResponse, await journals.homeOf(deps.db, await currentJournal(deps, slug))),
});

/** The routes of the three answers a guest asks for on every page (journals.routes.ts). */
export const PUBLIC_ROUTES = {
  landing: '/api/landing',
  bootstrap: '/api/journals/:slug',
  home: '/api/journals/:slug/home',
} as const;

const JOURNALS = '/api/journals/';
const HOME = '/home';

/**
 * The cached read a GET of exactly `url` asks for, with its route's pattern, or null: the memory lane's paths
 * (lib/memory-lane.ts). A slug is one the platform could have given (JOURNAL_SLUG), so it needs no decoding and
 * names what the router would give the route; anything else is the route's to answer.
 */
export function publicReadAt(deps: ReadDeps, url: string): LanePath | null {
  if (url === PUBLIC_ROUTES.landing) return { pattern: PUBLIC_ROUTES.landing, read: landingRead(deps) };
  if (!url.startsWith(JOURNALS)) return null;
  const home = url.endsWith(HOME);
  const slug = url.slice(JOURNALS.length, home ? -HOME.length : undefined);
  if (slug.length > JOURNAL_SLUG.max || !JOURNAL_SLUG.shape.test(slug)) return null;
  return home
    ? { pattern: PUBLIC_ROUTES.home, read: homeRead(deps, slug) }
    : { pattern: PUBLIC_ROUTES.bootstrap, read: bootstrapRead(deps, slug) };
}

/** The wire of `read`, loaded when the cache does not hold it. */
export const cachedWire = (deps: ReadDeps, read: CachedRead) => deps.cache.get(read.key, read.load);

export const homeWire = (deps: ReadDeps, slug: string) => cachedWire(deps, homeRead(deps, slug));

export const tabsWire = (deps: ReadDeps, slug: string) =>
  deps.cache.get(`journal:${slug}:tabs`, async () =>
    wireJson(homeTabsResponse, await journals.tabsOf(deps.db, await currentJournal(deps, slug))),
  );
