import { PAPER_FILE_KINDS } from '@journals/core/files';
import fc from 'fast-check';
import type { Caller, Fixture, Sample } from './authorization-matrix';
import { formBody, MULTIPART_FORMS } from './fuzz-forms';
import {
  anyJson,
  type Body,
  brokenForm,
  brokenJson,
  brokenMultipart,
  encodeSegment,
  impossibleFor,
  impossibleVariants,
  mutated,
  objectFor,
  trickySegment,
  trickyString,
  wrongContentType,
} from './fuzz-inputs';
import { clients, fixture, type FuzzRequest, resolve, type Route } from './fuzz-setup';

/**
 * The requests the route fuzzer sends (fuzz.test.ts): a route's samples from the matrix, the samples with one value
 * at a time made impossible, and generated requests and bodies, malformed after the route's schema or its sample.
 */

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
export async function samplesOf(route: Route, caller: Caller): Promise<[Sample, ...Sample[]]> {
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
export function impossibleRequests(route: Route, sample: Sample): FuzzRequest[] {
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

export function requests(route: Route, sample: Sample): fc.Arbitrary<FuzzRequest> {
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
