import { isDeepStrictEqual } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_STATUS } from '@journals/core/errors';
import type { RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Answer as Documented, errorResponse } from '../src/lib/openapi';
import { ALL_CALLERS, CALLERS, type Caller, MATRIX, MATRIX_ENV, setUpMatrix } from './authorization-matrix';
import { type Answer, buildTestApp, type TestApp, type TestClient } from './harness';
import { paperBody, PDF, specializationOf, upload } from './papers';

/**
 * The OpenAPI document at /api/docs/json (issue 9 §6): a standard validator accepts it, every operation documents
 * its answer and its errors (in the error envelope), and the answers the routes really give are the documented
 * ones. Every check loops over all operations of the document, so a new route fails here until it documents
 * itself (lib/openapi.ts `documented`).
 */

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const NO_BODY = new Set(['204', '304']);

let app: TestApp;
let doc: OpenAPIV3.Document;
/** The registered routes by "METHOD /url" as Fastify spells them (`:slug`). */
const routes = new Map<string, RouteOptions>();
const clients = new Map<Caller, TestClient>();

async function signIn(caller: Caller) {
  const client = app.client();
  const email = CALLERS[caller];
  if (email) await client.login(email);
  clients.set(caller, client);
  return client;
}

beforeAll(async () => {
  app = await buildTestApp(MATRIX_ENV, {
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
    },
  });
  const answer = await app.client().get('/api/docs/json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(() => app.close());

/** `/api/journals/{slug}` → `/api/journals/:slug`. */
const fastifyUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface Operation {
  /** "GET /api/journals/:slug", as registered. */
  route: string;
  method: Method;
  path: string;
  operation: OpenAPIV3.OperationObject;
}

function operations(): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      route: `${method.toUpperCase()} ${fastifyUrl(path)}`,
      method,
      path,
      operation: item![method]!,
    })),
  );
}

const responsesOf = (operation: OpenAPIV3.OperationObject) =>
  operation.responses as Record<string, OpenAPIV3.ResponseObject>;

/** A schema that says something: a reference, a type, or a composition. */
const describesBody = (schema: OpenAPIV3.MediaTypeObject['schema']) =>
  !!schema && ['$ref', 'type', 'properties', 'anyOf', 'oneOf', 'allOf'].some((key) => key in schema);

describe('the OpenAPI document (/api/docs/json)', () => {
  it('is a valid OpenAPI document for a standard validator (swagger-parser): every $ref resolves', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('lists every route that is not hidden (HEAD, the docs, the web app and the sandbox gateway are)', () => {
    const visible = [...routes]
      .filter(([key, route]) => !key.startsWith('HEAD ') && !(route.schema as { hide?: boolean } | undefined)?.hide)
      .map(([key]) => key)
      .sort();
    expect(
      operations()
        .map((entry) => entry.route)
        .sort(),
    ).toEqual(visible);
  });

  it('documents the answer of every operation: a 2xx or 3xx, with a body schema unless it has no body', () => {
    const problems: string[] = [];
    for (const { route, operation } of operations()) {
      const successes = Object.entries(responsesOf(operation)).filter(([status]) => /^[23]\d\d$/.test(status));
      if (successes.length === 0) problems.push(`${route}: no 2xx or 3xx answer`);
      for (const [status, response] of successes) {
        if (response.description === 'Default Response') problems.push(`${route} ${status}: no description`);
        const media = Object.entries(response.content ?? {});
        if (NO_BODY.has(status) || status.startsWith('3')) {
          if (media.length > 0) problems.push(`${route} ${status}: a body documented for an answer without one`);
        } else if (media.length === 0) problems.push(`${route} ${status}: no body documented`);
        for (const [type, { schema }] of media) {
          if (!describesBody(schema)) problems.push(`${route} ${status} ${type}: no schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the errors of every operation, each in the error envelope { code, messageKey, message, errors? }', () => {
    const envelope = doc.components?.schemas?.ErrorBody as OpenAPIV3.SchemaObject;
    expect(envelope.required).toEqual(['code', 'messageKey', 'message']);
    expect(Object.keys(envelope.properties ?? {})).toEqual(['code', 'messageKey', 'message', 'errors']);
    expect((envelope.properties!.code as OpenAPIV3.SchemaObject).enum).toEqual(Object.keys(ERROR_STATUS));

    const problems: string[] = [];
    for (const { route, method, operation } of operations()) {
      const responses = responsesOf(operation);
      const config = routes.get(route)?.config as { csrf?: boolean } | undefined;
      // Every route: a URL or input it cannot take, the rate limit, an unexpected error. A body: too large, or of
      // a type not accepted; a change: the CSRF check, unless the route has none. A path parameter: not found.
      const expected = ['400', '429', '500'];
      if (BODY_METHODS.has(method)) expected.push('413', '415');
      if (BODY_METHODS.has(method) && config?.csrf !== false) expected.push('403');
      if ((operation.parameters ?? []).some((parameter) => 'in' in parameter && parameter.in === 'path')) {
        expected.push('404');
      }
      for (const status of expected) {
        if (!responses[status]) problems.push(`${route}: ${status} not documented`);
      }
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue;
        const ref = (response.content?.['application/json']?.schema as OpenAPIV3.ReferenceObject | undefined)?.$ref;
        if (
          Object.keys(response.content ?? {}).join() !== 'application/json' ||
          ref !== '#/components/schemas/ErrorBody'
        )
          problems.push(`${route} ${status}: not the error envelope`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The zod schema the route documents for a JSON answer of `status` (its own or the universal error's). */
function jsonSchemaOf(route: RouteOptions, status: number): z.ZodType | undefined {
  const schema = route.schema as
    { response?: Record<string, Documented>; documentedResponses?: Record<string, Documented> } | undefined;
  const answer = schema?.response?.[status] ?? schema?.documentedResponses?.[status];
  if (answer instanceof z.ZodType) return answer;
  if (answer) return answer.content['application/json']?.schema;
  return status >= 400 ? errorResponse : undefined;
}

/** Does a content type match a documented media type (or range: image/*, * / *)? */
function matchesMedia(contentType: string, documented: string) {
  const [type, subtype] = contentType.split(';')[0]!.trim().split('/');
  const [wantedType, wantedSubtype] = documented.split('/');
  return (wantedType === '*' || wantedType === type) && (wantedSubtype === '*' || wantedSubtype === subtype);
}

/** What differs between a real answer of `route` and the document: nothing when the document says it. */
function mismatches(route: string, answer: Answer, label: string): string[] {
  const [method, url] = route.split(' ') as [string, string];
  const operation = doc.paths[openapiPath(url)]?.[method.toLowerCase() as Method];
  // A hidden route (the web app, the sandbox gateway's pages) is not in the document.
  if (!operation) return [];
  const at = `${route} (${label}) ${answer.status}`;
  const documented = responsesOf(operation)[String(answer.status)];
  if (!documented) return [`${at}: status not documented`];
  const contentType = String(answer.headers['content-type'] ?? '');
  const media = Object.keys(documented.content ?? {});
  if (media.length === 0) return answer.raw.length === 0 ? [] : [`${at}: a body where none is documented`];
  if (!media.some((type) => matchesMedia(contentType, type))) return [`${at}: ${contentType} is not ${media}`];
  if (!contentType.startsWith('application/json')) return [];
  const schema = jsonSchemaOf(routes.get(route)!, answer.status);
  if (!schema) return [`${at}: no schema of the JSON answer`];
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) return [`${at}: ${z.prettifyError(parsed.error)}`];
  // What the schema keeps is the whole answer: no field of it goes undocumented.
  const kept = JSON.parse(JSON.stringify(parsed.data)) as unknown;
  return isDeepStrictEqual(kept, answer.body) ? [] : [`${at}: fields not documented in ${JSON.stringify(answer.body)}`];
}

describe('the routes answer what the document says', () => {
  beforeAll(async () => {
    for (const caller of ALL_CALLERS) await signIn(caller);
  });

  it('every call of the authorization matrix, as every caller: a documented status, and a body of its schema', async () => {
    const fixture = await setUpMatrix(app, clients.get('guest')!, clients.get('researcher')!);
    const problems: string[] = [];
    for (const entry of MATRIX) {
      const method = entry.route.split(' ')[0]!;
      for (const caller of ALL_CALLERS) {
        const client = clients.get(caller)!;
        const context = { ...fixture, caller, client };
        const sample = await entry.request(context);
        problems.push(
          ...mismatches(entry.route, await client.request(method, sample.url, sample.body, sample.headers), caller),
        );
        if (entry.forged) {
          const forged = await entry.forged.request(context);
          const answer = await client.request(method, forged.url, forged.body, forged.headers);
          problems.push(...mismatches(entry.route, answer, `${caller}, forged`));
        }
        if (entry.endsSession) await signIn(caller);
      }
    }
    expect(problems).toEqual([]);
    // Every route as every caller, one after the other: a few hundred requests (the matrix grows with each route).
  }, 240_000);

  it('a draft’s files and the author’s papers, which the matrix does not reach, answer as documented', async () => {
    const researcher = clients.get('researcher')!;
    const base = '/api/journals/general/papers';
    const problems: string[] = [];
    const call = async (route: string, answer: Promise<Answer>, expected: number) => {
      const got = await answer;
      if (got.status !== expected) problems.push(`${route}: ${got.status}, not ${expected}`);
      problems.push(...mismatches(route, got, 'researcher'));
      return got;
    };

    const specialization = await specializationOf(researcher, 'general');
    const draft = await call('POST /api/journals/:slug/papers', researcher.post(base, paperBody(specialization)), 201);
    const id = draft.body.id as number;
    const uploaded = await call(
      'POST /api/journals/:slug/papers/:id/files/:kind',
      upload(researcher, `${base}/${id}/files/proposalFile`, 'proposalFile', 'proposal.pdf', PDF),
      201,
    );
    await call('GET /api/journals/:slug/papers/:id', researcher.get(`${base}/${id}`), 200);
    await call(
      'DELETE /api/journals/:slug/papers/:id/files/:fileId',
      researcher.request('DELETE', `${base}/${id}/files/${uploaded.body.id}`),
      204,
    );
    await call('DELETE /api/journals/:slug/papers/:id', researcher.request('DELETE', `${base}/${id}`), 204);

    // Every paper of the author's first page, with whatever it carries (decision, issue, final file).
    const mine = await call('GET /api/journals/:slug/papers/mine', researcher.get(`${base}/mine`), 200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    for (const paper of mine.body.items as { id: number }[]) {
      await call('GET /api/journals/:slug/papers/:id', researcher.get(`${base}/${paper.id}`), 200);
      await call('GET /api/journals/:slug/papers/:id/history', researcher.get(`${base}/${paper.id}/history`), 200);
    }
    // A cached answer the client holds already.
    const landing = await researcher.get('/api/landing');
    await call(
      'GET /api/landing',
      researcher.get('/api/landing', { 'if-none-match': String(landing.headers.etag) }),
      304,
    );
    expect(problems).toEqual([]);
  });
});
