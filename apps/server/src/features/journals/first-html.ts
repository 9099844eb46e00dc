import { stat, readFile } from 'node:fs/promises';
import { DIRECTION, type Language } from '@journals/core/enums';
import type { MeResponse } from '@journals/core/schemas/accounts';
import { type JournalBootstrap, journalBootstrap } from '@journals/core/schemas/journals';
import { type Wire, wire } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { currentJournal, type Journal } from '../../domain/journal-context';
import { homeWire, tabsWire } from './journals.reads';
import { bootstrapOf } from './journals.service';
import { type PageHead, type PageShape, pageHead, shapeOf } from './first-html-heads';

const HTML_TYPE = 'text/html; charset=utf-8';

/** An API answer a page's first HTML carries: GET `path` (in `language`, for answers that depend on it). */
export interface CarriedAnswer {
  path: string;
  language?: Language;
  wire: Wire;
}

/** The answers of other features a page's first screen shows (the archive's: app.ts passes them in). */
export type PageAnswers = (
  slug: string,
  shape: PageShape,
  language: Language,
  /** A visitor without a session cookie: answers that depend on who asks are carried for a guest only. */
  guest: boolean,
  /** The journal's row, read once for the whole page. */
  journal: Journal,
) => Promise<CarriedAnswer[]>;

const api = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;
/** What GET /me answers to a visitor with no session cookie (no CSRF token: the web app asks for one to post). */
const GUEST: MeResponse = { user: null, csrfToken: '' };

/**
 * The first HTML of a journal page: the built index.html carrying the journal's bootstrap as a JSON data block
 * (the web app seeds its query cache from it, so the page renders without waiting for GET /api/journals/{slug}),
 * with the title, description and <html lang dir> of the journal's default language, so nothing shifts when the
 * app starts. A data block is not executed, so the CSP (script-src 'self') stays as it is.
 *
 * It also carries the answers the page's first screen shows (the menu's tabs, the home's or the archive page's
 * answer, and for a visitor without a session cookie the guest's GET /me), so that the first render waits for no
 * request after the scripts: on a slow phone each is a round trip (issue 21 §6, Lighthouse).
 */
export function firstHtml(
  deps: Pick<Deps, 'db' | 'cache' | 'log'>,
  indexFile: string,
  publicUrl: string,
  pageAnswers: PageAnswers = async () => [],
) {
  const template = builtIndex(indexFile);
  /** The page for an SPA path: the plain index.html when its first segment names no journal. */
  return async (url: string, guest = false): Promise<FirstPage> => {
    const { html, page, mtimeMs } = await template();
    const target = pageOfUrl(url);
    if (!target) return { page, status: 200 };
    const { slug, shape, language } = target;
    const key = `journal:${slug}:html:${mtimeMs}:${language ?? ''}:${shape.key}:${guest ? 'guest' : ''}`;
    try {
      // Built once per page, language and kind of visitor, build of the web app and cache fill, from the rows as
      // they are now (the answers it carries from the same caches as the API's).
      return await deps.cache.get(key, async () => {
        const journal = await currentJournal(deps, slug);
        const head = await pageHead(deps.db, journal, shape, language, publicUrl);
        const bootstrap = journalBootstrap.encode(bootstrapOf(journal));
        const answers: CarriedAnswer[] = [{ path: `${api(slug)}/tabs`, wire: await tabsWire(deps, slug) }];
        if (guest) answers.push({ path: `${api(slug)}/me`, wire: wire(JSON.stringify(GUEST), 'application/json') });
        if (head.status === 200) {
          if (shape.kind === 'home') answers.push({ path: `${api(slug)}/home`, wire: await homeWire(deps, slug) });
          answers.push(...(await pageAnswers(slug, shape, head.language, guest, journal)));
        }
        return { page: wire(withJournal(html, bootstrap, head, answers), HTML_TYPE), status: head.status };
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'notFound')) {
        // The app still starts from the plain page and asks for the journal itself.
        deps.log.warn({ err: error, slug }, 'first html without the journal bootstrap');
      }
      return { page, status: 200 };
    }
  };
}

export interface FirstPage {
  page: Wire;
  /** 404 for a known page shape whose object is missing or in press (no soft 404 for indexers). */
  status: 200 | 404;
}

/**
 * index.html as built, read again only when a build replaces it (served without a restart); its modification time
 * is looked at most once a second, not on every page.
 */
function builtIndex(file: string) {
  let cached: { mtimeMs: number; html: string; page: Wire; checked: number } | null = null;
  return async () => {
    const now = Date.now();
    if (cached && now - cached.checked < 1_000) return cached;
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs === mtimeMs) cached.checked = now;
    else {
      const html = await readFile(file, 'utf8');
      cached = { mtimeMs, html, page: wire(html, HTML_TYPE), checked: now };
    }
    return cached;
  };
}

/** The journal, the page shape and the language a URL asks for (`?lang=en|ar`, decision 0035). */
function pageOfUrl(url: string): { slug: string; shape: PageShape; language: Language | null } | null {
  const [pathPart, query = ''] = url.split('#', 1)[0]!.split('?', 2) as [string, string?];
  const [, segment = '', ...rest] = pathPart.split('/');
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (slug.length === 0 || slug.length > 60) return null;
  const lang = new URLSearchParams(query).get('lang');
  return { slug, shape: shapeOf(rest.join('/'), query), language: lang === 'en' || lang === 'ar' ? lang : null };
}

export function withJournal(
  html: string,
  bootstrap: JournalBootstrap,
  head: PageHead,
  answers: CarriedAnswer[] = [],
): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ...head.links.map(
      ({ rel, href, hreflang }) =>
        `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="${escapeHtml(href)}" />`,
    ),
    ...head.meta.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
  const block = `<script type="application/json" id="journal-bootstrap">${jsonForScript(bootstrap)}</script>`;
  // The answers' bodies are JSON as the API sends them, put into one array without parsing them again.
  const carried = answers.map(
    ({ path, language, wire: answer }) =>
      `{"path":${JSON.stringify(path)},"language":${JSON.stringify(language ?? null)},"body":${answer.body}}`,
  );
  const answersBlock = `<script type="application/json" id="page-answers">${safeForScript(`[${carried.join(',')}]`)}</script>`;
  // Functions as replacements, so a `$` in the journal's text is never read as a pattern.
  const page = html
    .replace(/<html\b[^>]*>/i, () => `<html lang="${head.language}" dir="${DIRECTION[head.language]}">`)
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, () => `  ${block}\n    ${answersBlock}\n  </head>`);
  return /<title>[\s\S]*?<\/title>/i.test(page)
    ? page.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
    : page.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/** JSON that cannot end its <script> element or open a comment in it, and survives U+2028/2029. */
function jsonForScript(value: unknown): string {
  return safeForScript(JSON.stringify(value));
}

/** JSON text with `<`, `>`, `&` and U+2028/2029 written as escapes (they only occur inside its strings). */
function safeForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
