import { PAPER_FILE_KINDS } from '@journals/core/files';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_CALLERS,
  CALLERS,
  type Caller,
  type Entry,
  type Fixture,
  MATRIX,
  MATRIX_ENV,
  mayCall,
  type Sample,
  setUpMatrix,
} from './authorization-matrix';
import {
  anyJson,
  type Body,
  brokenForm,
  brokenJson,
  brokenMultipart,
  encodeSegment,
  impossibleFor,
  impossibleVariants,
  type JsonSchema,
  mutated,
  objectFor,
  trickySegment,
  trickyString,
  wrongContentType,
} from './fuzz-inputs';
import { formBody, MULTIPART_FORMS } from './fuzz-forms';
import { type Answer, buildTestApp, type TestApp, type TestClient } from './harness';

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
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Route {
  key: string;
  method: string;
  pattern: string;
  /** The route checks the CSRF header (every mutating route but those that say `config: { csrf: false }`). */
  csrf: boolean;
  body?: JsonSchema;
  /** The query's and the path's parameters, with their schemas. */
  query: string[];
  parameters: Record<string, JsonSchema | undefined>;
  entry?: Entry;
}
interface FuzzRequest {
  url: string;
  body?: Body;
  headers: Record<string, string | undefined>;
}

let app: TestApp;
let fixture: Fixture;
let routes: Route[] = [];
let resolve: (schema: JsonSchema | undefined) => JsonSchema | undefined;
const registered = new Map<string, { csrf: boolean }>();
const clients = new Map<Caller, TestClient>();
/** The server's error log lines since the last request (for the report of a 5xx). */
let serverErrors: string[] = [];

async function signIn(caller: Caller) {
  const client = app.client();
  const email = CALLERS[caller];
  if (email) await client.login(email);
  clients.set(caller, client);
}

beforeAll(async () => {
  app = await buildTestApp(
    { ...MATRIX_ENV, LOG_LEVEL: 'error' },
    {
      logStream: { write: (line: string) => void serverErrors.push(line) },
      onRoute: (route: RouteOptions) => {
        const csrf = (route.config as { csrf?: boolean } | undefined)?.csrf !== false;
        for (const method of [route.method].flat()) registered.set(`${method} ${route.url}`, { csrf });
      },
    },
  );
  for (const caller of ALL_CALLERS) await signIn(caller);
  fixture = await setUpMatrix(app, clients.get('guest')!, clients.get('researcher')!);
  const document = (await clients.get('guest')!.get('/api/docs/json')).body as OpenApi;
  resolve = (schema) =>
    schema?.$ref ? document.components?.schemas?.[schema.$ref.split('/').pop()!] : (schema ?? undefined);
  routes = routesOf(document);
}, 120_000);
afterAll(() => app?.close());

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every path no route takes: the web app's pages, answered by the not-found handler (app.ts `registerWebApp`). */
const PAGES = 'GET /*';

/**
 * The document's operations, the registered routes it hides (the SPA's files, the payment page, the docs), and the
 * web app's pages.
 */
function routesOf(document: OpenApi): Route[] {
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation);
    }
  }
  const keys = new Set([...operations.keys(), ...registered.keys(), PAGES]);
  return [...keys]
    .filter((key) => !key.startsWith('HEAD ') && !key.includes(' /api/docs/static/'))
    .map((key) => {
      const [method, pattern] = key.split(' ') as [string, string];
      const operation = operations.get(key);
      return {
        key,
        method,
        pattern,
        csrf: registered.get(key)?.csrf ?? true,
        body: resolve(operation?.requestBody?.content?.['application/json']?.schema),
        query: (operation?.parameters ?? []).filter((param) => param.in === 'query').map((param) => param.name),
        parameters: Object.fromEntries(
          (operation?.parameters ?? []).map((param) => [param.name, resolve(param.schema)]),
        ),
        entry: MATRIX.find((entry) => entry.route === key),
      };
    });
}

/** A seed of its own for each route and caller, from the one fixed seed. */
function seedOf(...parts: string[]): number {
  let hash = SEED;
  for (const char of parts.join(' ')) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash | 0;
}

/** The values of a pattern's parameters in a concrete URL (`:id` → '12', `*` → the rest of the path). */
function paramsIn(pattern: string, path: string): Record<string, string> {
  const names = pattern.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    if (name.startsWith(':')) params[name.slice(1)] = values[index] ?? '1';
    if (name === '*') params['*'] = values.slice(index).join('/');
  });
  return params;
}

function pathOf(pattern: string, params: Record<string, string>): string {
  return pattern
    .split('/')
    .map((name) => (name.startsWith(':') ? params[name.slice(1)] : name === '*' ? params['*'] : name))
    .join('/');
}

/**
 * Calls of a route the matrix's sample leaves out, fuzzed beside it: inviting someone without an account (the
 * sample invites a reviewer by id), to the researcher's submitted paper.
 */
const MORE_SAMPLES: Record<string, (context: Fixture) => Sample> = {
  'POST /api/journals/:slug/papers/:id/reviewers': ({ paper, generalSpecialization }) => ({
    url: `/api/journals/general/papers/${paper.submitted}/reviewers`,
    body: {
      specializationId: generalSpecialization,
      newReviewer: { fullName: 'Mai Ali', email: 'mai.ali@example.org' },
      deadline: '2099-01-01',
    },
  }),
};

/**
 * The sample call of the matrix for this caller (a route without a row yet gets one made from its pattern), then
 * the route's other samples.
 */
async function samplesOf(route: Route, caller: Caller): Promise<[Sample, ...Sample[]]> {
  const more = MORE_SAMPLES[route.key]?.(fixture);
  if (route.entry) {
    return [await route.entry.request({ ...fixture, caller, client: clients.get(caller)! }), ...(more ? [more] : [])];
  }
  const url = route.pattern
    .replace(/:slug\b/, 'general')
    .replace(/:\w+/g, '1')
    .replace('*', 'general');
  return [{ url }];
}

/**
 * The sample with one path or query parameter, or one body field, at a time given each shape-valid impossible value
 * of its format: ids of nothing, days no calendar has, e-mails of nobody.
 */
function impossibleRequests(route: Route, sample: Sample): FuzzRequest[] {
  const [samplePath = '', sampleQuery = ''] = sample.url.split('?');
  const headers = { ...sample.headers };
  const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
  const requests: FuzzRequest[] = [];
  const params = paramsIn(route.pattern, samplePath);
  for (const name of Object.keys(params)) {
    for (const value of impossibleFor(route.parameters[name])) {
      const url = withQuery(pathOf(route.pattern, { ...params, [name]: String(value) }), sampleQuery);
      requests.push({
        url,
        headers,
        ...(sample.body === undefined ? {} : { body: { kind: 'json', value: sample.body } }),
      });
    }
  }
  for (const name of route.query) {
    for (const value of impossibleFor(route.parameters[name])) {
      const query = new URLSearchParams(sampleQuery);
      query.set(name, String(value));
      requests.push({ url: withQuery(samplePath, query.toString()), headers });
    }
  }
  const form = MULTIPART_FORMS[route.key];
  if (sample.body && typeof sample.body === 'object' && (route.body || form)) {
    for (const value of impossibleVariants(
      sample.body as Record<string, unknown>,
      form?.schema ?? route.body,
      resolve,
    )) {
      requests.push({ url: sample.url, headers, body: form ? formBody(form, value) : { kind: 'json', value } });
    }
  }
  return requests;
}

function requests(route: Route, sample: Sample): fc.Arbitrary<FuzzRequest> {
  const [samplePath = '', sampleQuery = ''] = sample.url.split('?');
  const params = paramsIn(route.pattern, samplePath);
  /** A parameter's values of the right shape that name nothing or no day (ids of nothing, impossible days). */
  const impossible = (name: string) => impossibleFor(route.parameters[name]).map(String);
  const segment = (name: string) =>
    name === '*'
      ? fc.oneof(
          fc.constant(params['*']!),
          fc.constantFrom('..%2f..%2fpackage.json', 'assets/%2e%2e/%2e%2e/x', '%00', 'a/'.repeat(500), 'api'),
          trickySegment,
        )
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(params[name]!) },
          { weight: 2, arbitrary: trickySegment },
          ...(impossible(name).length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...impossible(name)) }] : []),
        );
  const names = Object.keys(params);
  const path = fc
    .tuple(...names.map(segment))
    .map((values) => pathOf(route.pattern, Object.fromEntries(names.map((name, i) => [name, values[i]!]))));
  const tricky = trickyString.filter((value) => value.length < 5_000);
  const pairs = fc.array(
    fc
      .constantFrom(...route.query, 'x', '__proto__')
      .chain((key) =>
        (impossible(key).length > 0 ? fc.oneof(tricky, fc.constantFrom(...impossible(key))) : tricky).map(
          (value) => [key, value] as const,
        ),
      ),
    { maxLength: 4 },
  );
  // The sample's query with one parameter given an impossible value of its format.
  const formatted = route.query.filter((name) => impossible(name).length > 0);
  const impossibleQuery = formatted.length
    ? fc.constantFrom(...formatted).chain((name) =>
        fc.constantFrom(...impossible(name)).map((value) => {
          const query = new URLSearchParams(sampleQuery);
          query.set(name, value);
          return query.toString();
        }),
      )
    : undefined;
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant(sampleQuery) },
    {
      weight: 2,
      arbitrary: pairs.map((list) =>
        list.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&'),
      ),
    },
    ...(impossibleQuery ? [{ weight: 2, arbitrary: impossibleQuery }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom('%ZZ', 'page=1&page=2', 'a[b]=1', '&&', '=', `lang=${'x'.repeat(10_000)}`),
    },
  );
  const url = fc.tuple(path, query).map(([p, q]) => (q ? `${p}?${q}` : p));
  const language = fc.option(fc.constantFrom('*', 'ar-EG;q=abc', ';;;', 'xx-YY', 'ar,'.repeat(3_000), ''), {
    nil: undefined,
  });
  const headers = (value: string | undefined) =>
    value === undefined ? { ...sample.headers } : { ...sample.headers, 'accept-language': value };
  if (!MUTATING.has(route.method)) {
    return fc.tuple(url, language).map(([u, value]) => ({ url: u, headers: headers(value) }));
  }
  return fc
    .tuple(url, bodies(route, sample), language)
    .map(([u, body, value]) => ({ url: u, body, headers: headers(value) }));
}

/** Bodies for a mutating route: after its schema, after its sample, and broken ones of every kind. */
function bodies(route: Route, sample: Sample): fc.Arbitrary<Body | undefined> {
  const form = typeof sample.body === 'string';
  const sampleObject = form
    ? Object.fromEntries(new URLSearchParams(sample.body as string))
    : sample.body && typeof sample.body === 'object'
      ? (sample.body as Record<string, unknown>)
      : undefined;
  const shaped = route.body
    ? objectFor(route.body, resolve)
    : fc.dictionary(
        trickyString.filter((key) => key.length < 100),
        anyJson,
        { maxKeys: 4 },
      );
  const asJson = (value: unknown): Body => ({ kind: 'json', value });
  const asForm = (value: Record<string, unknown>): Body => ({
    kind: 'raw',
    payload: new URLSearchParams(
      Object.entries(value).map(([key, field]): [string, string] => [
        key,
        typeof field === 'string' ? field : (JSON.stringify(field) ?? ''),
      ]),
    ).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const options: fc.WeightedArbitrary<Body | undefined>[] = [
    { weight: 3, arbitrary: shaped.map(asJson) },
    { weight: 2, arbitrary: brokenJson },
    { weight: 2, arbitrary: wrongContentType(shaped) },
    // The upload routes take multipart bodies (they have no JSON body in the document).
    { weight: route.body ? 1 : 4, arbitrary: brokenMultipart([...PAPER_FILE_KINDS]) },
    { weight: 1, arbitrary: brokenForm(Object.keys(sampleObject ?? {})) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (sampleObject) {
    const changed = mutated(sampleObject, route.body, resolve);
    options.push({ weight: 4, arbitrary: changed.map(form ? asForm : asJson) });
  }
  // A multipart form (the review sheet, the final decision): its fields, after its schema or its sample, in its part.
  const multipartForm = MULTIPART_FORMS[route.key];
  if (multipartForm) {
    const fields = sampleObject
      ? mutated(sampleObject, multipartForm.schema, resolve)
      : objectFor(multipartForm.schema, resolve);
    options.push(
      { weight: 4, arbitrary: fields.map((value) => formBody(multipartForm, value)) },
      { weight: 2, arbitrary: objectFor(multipartForm.schema, resolve).map((value) => formBody(multipartForm, value)) },
      { weight: 1, arbitrary: brokenMultipart([...multipartForm.files, multipartForm.part]) },
    );
  }
  return fc.oneof(...options);
}

/** Sends a generated request; null when the request could not even be made (an invalid URL or header). */
async function send(client: TestClient, method: string, request: FuzzRequest): Promise<Answer | null> {
  const headers = { ...request.headers };
  let payload: unknown;
  if (request.body?.kind === 'json') payload = request.body.value;
  if (request.body?.kind === 'raw') {
    payload = request.body.payload;
    headers['content-type'] = request.body.contentType;
  }
  serverErrors = [];
  try {
    return await client.request(method, request.url, payload, headers);
  } catch (error) {
    if (/invalid (header|character|url)|ERR_INVALID_(CHAR|URL|HTTP_TOKEN)|FST_ERR_INJECT/i.test(String(error))) {
      return null;
    }
    throw error;
  }
}

const preview = (value: unknown) => {
  const text = Buffer.isBuffer(value)
    ? value.toString('latin1')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return text === undefined ? '(none)' : text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
};

function report(route: Route, caller: Caller, request: FuzzRequest, answer: Answer, rule: string) {
  const body = request.body?.kind === 'json' ? request.body.value : request.body?.payload;
  const contentType = request.body?.kind === 'raw' ? request.body.contentType : 'application/json';
  const token = request.headers['x-csrf-token'];
  const csrf = !('x-csrf-token' in request.headers) ? "the cookie's" : token === undefined ? 'none' : `"${token}"`;
  const server = serverErrors
    .map((line) => {
      const { msg, err } = JSON.parse(line) as { msg?: string; err?: { stack?: string } };
      return `${msg}\n${err?.stack ?? ''}`;
    })
    .join('\n');
  return [
    `${rule}: ${route.key} as ${caller}`,
    `request: ${route.method} ${preview(request.url)}`,
    `content-type: ${body === undefined ? '(no body)' : contentType}; csrf header: ${csrf}`,
    `body: ${preview(body)}`,
    `answer: ${answer.status} ${preview(answer.body)}`,
    server && `server log: ${server}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Reports a failed run by its own message (not the whole counterexample, which may hold megabytes), and how to replay it. */
function reporter<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${cause}\n(replay: seed ${details.seed}, path ${details.counterexamplePath})`);
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
