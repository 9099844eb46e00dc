import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@journals/core/errors';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The answers of the OpenAPI document (/api/docs/json), documented without touching what a route sends.
 *
 * A route lists its answers with `documented()` in its schema, beside its request schemas:
 *
 *     schema: { tags, params, ...documented({ 200: paperPageResponse }, [401, 404]) }
 *
 * They land in `schema.documentedResponses`, which Fastify never reads: only the swagger transform below turns them
 * into the operation's responses. A `response` schema would make Fastify validate, strip and serialise every reply
 * through it (and a route sending JSON text or compressed bytes, lib/json-text.ts and lib/cache.ts, must keep
 * sending them as they are), so documenting an answer costs nothing at run time and changes no byte of it. A route
 * that already has a `response` schema keeps it; the document shows it too.
 *
 * The errors every route can give whatever it does are added here, not listed by each route: 400 (a URL the router
 * cannot read, a NUL character, a body that is not JSON), 429 (the global rate limit), 500, and for a body-carrying
 * method 413 and 415, and 403 when the CSRF check applies (plugins/context.ts).
 */

/** The error envelope of DESIGN §5 (core/errors.ts), one component of the document. */
export const errorResponse = z
  .object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    messageKey: z.string().describe('The message key of the catalogue (errors.*, validation.*, …).'),
    message: z.string().describe('The message, in the language of the request.'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Field name (as the spec spells it: Email, Authors[0].email, …) → message keys.'),
  })
  .meta({ id: 'ErrorBody', description: 'The error envelope: an error code, its message, the refused fields.' });
// The schema and the type the server sends stay one shape.
errorResponse satisfies z.ZodType<ErrorBody>;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input (code validation): `errors` names the refused fields.',
  401: 'Not signed in (code unauthenticated).',
  403: 'Refused (code forbidden): the caller lacks the right, or the CSRF header is missing or wrong.',
  404: 'Not found (code notFound): no such journal or resource, or not one the caller may see.',
  409: 'Not possible in the current state (code conflict).',
  413: 'The body or the file is too large (code fileTooLarge), or unpacks to more than its budget (code fileTooComplex).',
  415: 'The body or the file is of a type not accepted (code unsupportedMediaType or unsupportedFileType).',
  429: 'Too many requests (code tooManyRequests): Retry-After says when to try again.',
  500: 'An unexpected error (code internal).',
  503: 'Busy or stopping (code unavailable): Retry-After says when to try again.',
};

/** A response object of OpenAPI with zod schemas: its description and a schema for each media type. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}
/** A zod schema (a JSON answer, or z.undefined() for none) or a response object. */
export type Answer = z.ZodType | ContentAnswer;
export type SuccessStatus = 200 | 201 | 202 | 204 | 301 | 302 | 303 | 304 | 307 | 308;
export type DocumentedResponses = Partial<Record<SuccessStatus | ErrorStatus, Answer>>;

declare module 'fastify' {
  interface FastifySchema {
    /** Answers for the OpenAPI document only, never used to send a reply: see lib/openapi.ts (`documented`). */
    documentedResponses?: DocumentedResponses;
  }
}

const errorAnswer = (status: ErrorStatus): ContentAnswer => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: errorResponse } },
});

/**
 * The answers of a route for its schema: the success answers by status (a zod schema of the JSON body, or one of
 * `file`, `noContent`, `redirect`, `notModified`), and the error statuses the route itself can give (the ones every
 * route can give are added for it). Spread it into the route's schema:
 * `schema: { tags, params, ...documented({ 200: paperPageResponse }, [401, 404]) }`.
 */
export function documented(
  answers: Partial<Record<SuccessStatus, Answer>>,
  errors: readonly ErrorStatus[] = [],
): { documentedResponses: DocumentedResponses } {
  const responses: DocumentedResponses = { ...answers };
  for (const status of errors) responses[status] = errorAnswer(status);
  return { documentedResponses: responses };
}

const binary = z.string().meta({ format: 'binary' });

/** A file answer: its bytes, of one of `mediaTypes` (ranges such as image/* allowed). */
export const file = (description: string, mediaTypes: readonly string[]): ContentAnswer => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
});

/** An answer without a body (204). */
export const noContent = (description: string) => z.undefined().describe(description);

/** A redirect (302): the Location header names where to. */
export const redirect = (description: string) => z.undefined().describe(`${description} (the Location header).`);

/** 304 to a client already holding the answer's version (its If-None-Match names the ETag). */
export const notModified = z
  .undefined()
  .describe('Not modified: the client holds this version already (If-None-Match matched the ETag).');

const SUCCESS_DESCRIPTIONS: Partial<Record<number, string>> = { 200: 'OK.', 201: 'Created.', 202: 'Accepted.' };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The errors any route of `methods` can give (see the comment at the top). */
function universalErrors(methods: readonly string[], csrfChecked: boolean): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 429, 500, 503];
  if (methods.some((method) => BODY_METHODS.has(method))) {
    statuses.push(413, 415);
    if (csrfChecked) statuses.push(403);
  }
  return statuses;
}

/** A JSON answer given as a bare schema becomes a response object with a description; no-body answers stay. */
function normalised(status: string, answer: Answer): Answer {
  if (!(answer instanceof z.ZodType) || answer.def.type === 'undefined') return answer;
  return {
    description: answer.description ?? SUCCESS_DESCRIPTIONS[Number(status)] ?? 'The answer.',
    content: { 'application/json': { schema: answer } },
  };
}

/**
 * The swagger transform: every answer of the route (its own `response` schema, its `documentedResponses`, the
 * universal errors) as the operation's responses, then fastify-type-provider-zod's conversion of the zod schemas.
 * It runs when the document is built, never on a request.
 */
export const documentingTransform: SwaggerTransform = (input) => {
  const { documentedResponses, ...schema } = input.schema ?? {};
  if (schema.hide) return jsonSchemaTransform({ ...input, schema });
  const methods = [input.route.method].flat();
  const responses: Record<string, Answer> = {};
  for (const status of universalErrors(methods, input.route.config?.csrf !== false)) {
    responses[status] = errorAnswer(status);
  }
  Object.assign(responses, documentedResponses, schema.response as Record<string, Answer> | undefined);
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [status, normalised(status, answer)]),
  );
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};

/**
 * The components of the zod registry (`.meta({ id })`: the error envelope, recursive schemas) that the document
 * refers to; the ones no operation uses (the input twin the library writes of each) are left out.
 */
export const documentingTransformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const name = key === '$ref' && typeof child === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(child) : null;
        if (name && !used.has(name[1]!)) {
          used.add(name[1]!);
          visit(schemas[name[1]!]);
        } else visit(child);
      }
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};
