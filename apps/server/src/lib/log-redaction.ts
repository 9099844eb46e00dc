import type { FastifyRequest } from 'fastify';

/**
 * What a log line may carry (decision 0014): no secret and no personal data, whatever failed. The database
 * driver puts a failed query's bound parameters (e-mails, phone numbers, password hashes) into its error's
 * message and properties, and a URL can carry a link's token; these serializers keep only what explains a
 * failure: the error's type and code, the SQL without values, the place in the code.
 */

/** Error properties worth keeping: codes and names, never values. */
const SAFE_PROPERTIES = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity'] as const;
/** Query parameters whose values tell nothing about anyone. */
const SAFE_QUERY = new Set(['lang', 'page', 'pageSize', 'status']);
const REDACTED = '[redacted]';

/** An error's message without the values it quotes: drizzle appends `params: …`, PostgreSQL quotes the input. */
function safeMessage(message: string): string {
  return message
    .split('\nparams:')[0]!
    .replace(/"[^"]*"/g, (quoted) => (/^"[a-z0-9_]+"$/.test(quoted) ? quoted : `"${REDACTED}"`));
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const type = error.constructor?.name ?? 'Error';
  const message = safeMessage(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const serialized: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const key of SAFE_PROPERTIES) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') serialized[key] = value;
  }
  if (error.cause !== undefined && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** A request URL with the values of its query redacted (tokens of mailed links, OAuth codes, search terms). */
export function safeUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const kept = [...params.keys()].map((key) =>
    SAFE_QUERY.has(key) ? `${key}=${encodeURIComponent(params.get(key) ?? '')}` : `${key}=${REDACTED}`,
  );
  return `${url.slice(0, queryAt)}?${[...new Set(kept)].join('&')}`;
}

export const logSerializers = {
  err: serializeError,
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: safeUrl(request.url),
    remoteAddress: request.ip,
  }),
};

/** Fields that are never written, wherever a caller puts them in a log object. */
export const logRedactPaths = [
  'password',
  'passwordHash',
  'currentPassword',
  'token',
  'cookie',
  '*.password',
  '*.passwordHash',
  '*.currentPassword',
  '*.token',
  '*.cookie',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];
