import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CALLERS, MATRIX, mayCall } from './authorization-matrix';
import { impossibleRequests, MUTATING, requests, samplesOf } from './fuzz-requests';
import { clients, PAGES, registered, report, reporter, routes, send, signIn, useFuzzApp } from './fuzz-setup';

/**
 * THE ROUTE FUZZER (DESIGN §5: never a 500 for bad input; §3, §6): every route of the app — those of the OpenAPI
 * document and the registered ones it hides — gets generated malformed requests (fuzz-inputs.ts) as every caller
 * of the authorization matrix. No answer may be a 5xx; a mutating route never answers 2xx to a caller the matrix
 * does not allow; and without a valid CSRF header a mutating route answers 403. Deterministic and bounded: one
 * fixed seed (each route and caller draws from its own seed derived from it) and a few runs each.
 */

const SEED = 20_260_123;
const RUNS = 8;
/** Routes that hash a password, render a PDF with Chromium or end the session (the caller signs in again). */
const COSTLY = new Set([
  'POST /api/journals/:slug/auth/login',
  'POST /api/journals/:slug/payments',
  'POST /api/auth/reset',
  'POST /api/auth/logout',
  'GET /api/journals/:slug/papers/:id/ethics-form.pdf',
]);
const COSTLY_RUNS = 2;
const NO_CSRF_RUNS = 2;

useFuzzApp();

/** A seed of its own for each route and caller, from the one fixed seed. */
function seedOf(...parts: string[]): number {
  let hash = SEED;
  for (const char of parts.join(' ')) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash | 0;
}

describe('the route fuzzer', () => {
  it('covers the routes of the OpenAPI document and those it hides', () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toContain('POST /pay/sandbox/:reference/complete');
    expect(keys).toContain('GET /assets/*');
    expect(keys).toContain(PAGES);
    expect(routes.length).toBeGreaterThan(50);
    // The document lists only routes that exist.
    expect(keys.filter((key) => key !== PAGES && !registered.has(key))).toEqual([]);
  });

  // Inputs that once got a 5xx, replayed on every run whatever the generators draw.
  it.each([
    ['POST', '/api/payments/callback/__proto__', 404],
    ['POST', '/api/payments/callback/constructor', 404],
    ['POST', '/api/payments/callback/toString', 404],
  ] as const)('%s %s (found by the fuzzer) answers %i', async (method, url, status) => {
    const answer = await clients.get('guest')!.request(method, url, { reference: 'P1' });
    expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code: 'notFound' });
  });

  it('answers below 500 to each parameter and body field alone given each impossible value of its format', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.entry || route.entry.endsSession) continue;
      const caller = ALL_CALLERS.find((one) => mayCall(route.entry!, one))!;
      for (const sample of await samplesOf(route, caller)) {
        for (const request of impossibleRequests(route, sample)) {
          const answer = await send(clients.get(caller)!, route.method, request);
          if (answer && answer.status >= 500) failures.push(report(route, caller, request, answer, 'a 5xx'));
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([...MATRIX.map((entry): string => entry.route), '(any route without a row)'])('%s', async (key) => {
    const selected = key.startsWith('(')
      ? routes.filter((route) => !route.entry)
      : routes.filter((route) => route.key === key);
    for (const route of selected) {
      for (const caller of ALL_CALLERS) {
        const [sample, ...moreSamples] = await samplesOf(route, caller);
        const allowed = route.entry ? mayCall(route.entry, caller) : true;
        for (const [index, one] of [sample, ...moreSamples].entries()) {
          await fc.assert(
            fc.asyncProperty(requests(route, one), async (request) => {
              const answer = await send(clients.get(caller)!, route.method, request);
              if (!answer) return;
              if (answer.status >= 500) throw new Error(report(route, caller, request, answer, 'a 5xx'));
              const success = answer.status >= 200 && answer.status < 300;
              if (MUTATING.has(route.method) && success && !allowed) {
                throw new Error(report(route, caller, request, answer, 'a 2xx to a caller the matrix does not allow'));
              }
              if (success && route.entry?.endsSession) await signIn(caller);
            }),
            {
              seed: index === 0 ? seedOf(route.key, caller) : seedOf(route.key, caller, String(index)),
              numRuns: COSTLY.has(route.key) ? COSTLY_RUNS : RUNS,
              endOnFailure: true,
              reporter,
            },
          );
        }
        if (!MUTATING.has(route.method) || !route.csrf) continue;
        // The same calls from a page that cannot read the csrf cookie: no header, or a wrong one.
        const forged = fc.tuple(requests(route, sample), fc.constantFrom(undefined, '', 'forged'));
        await fc.assert(
          fc.asyncProperty(forged, async ([request, token]) => {
            const withoutCsrf = { ...request, url: sample.url, headers: { ...request.headers, 'x-csrf-token': token } };
            const answer = await send(clients.get(caller)!, route.method, withoutCsrf);
            if (!answer) return;
            if (
              answer.status !== 403 ||
              answer.body?.code !== 'forbidden' ||
              answer.body?.messageKey !== 'errors.csrf'
            ) {
              throw new Error(report(route, caller, withoutCsrf, answer, 'no CSRF refusal'));
            }
          }),
          { seed: seedOf(route.key, caller, 'csrf'), numRuns: NO_CSRF_RUNS, endOnFailure: true, reporter },
        );
      }
    }
  });
});
