import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  ALL_CALLERS,
  type Caller,
  CALLERS,
  type Entry,
  type Fixture,
  MATRIX,
  MATRIX_ENV,
  setUpMatrix,
} from './authorization-matrix';
import type { Body, JsonSchema } from './fuzz-inputs';
import { type Answer, buildTestApp, type TestApp, type TestClient } from './harness';

/**
 * The route fuzzer's server and what it knows of the app (fuzz.test.ts): every caller of the authorization matrix
 * signed in, the routes of the OpenAPI document and those it hides, how a generated request is sent, and how a
 * failure is reported with the server's log.
 */

export interface Route {
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
export interface FuzzRequest {
  url: string;
  body?: Body;
  headers: Record<string, string | undefined>;
}

let app: TestApp;
export let fixture: Fixture;
export let routes: Route[] = [];
export let resolve: (schema: JsonSchema | undefined) => JsonSchema | undefined;
export const registered = new Map<string, { csrf: boolean }>();
export const clients = new Map<Caller, TestClient>();
/** The server's error log lines since the last request (for the report of a 5xx). */
let serverErrors: string[] = [];

export async function signIn(caller: Caller) {
  const client = app.client();
  const email = CALLERS[caller];
  if (email) await client.login(email);
  clients.set(caller, client);
}

/** The fuzzer's server, every caller of the matrix signed in, the matrix's rows and the routes, before its tests. */
export function useFuzzApp() {
  beforeAll(async () => {
    app = await buildTestApp(
      // The fuzzer makes its bodies (some of tens of megabytes) on the server's own thread, and a loop it kept busy
      // for a second would shed the next routes' requests with 503: here the lateness is the test's, not load.
      { ...MATRIX_ENV, LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '0' },
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
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every path no route takes: the web app's pages, answered by the not-found handler (app.ts `registerWebApp`). */
export const PAGES = 'GET /*';

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

/** Sends a generated request; null when the request could not even be made (an invalid URL or header). */
export async function send(client: TestClient, method: string, request: FuzzRequest): Promise<Answer | null> {
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

export function report(route: Route, caller: Caller, request: FuzzRequest, answer: Answer, rule: string) {
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
export function reporter<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${cause}\n(replay: seed ${details.seed}, path ${details.counterexamplePath})`);
}
