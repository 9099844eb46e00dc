import type { ErrorBody, FieldErrors } from '@journals/core/errors';
import { acceptLanguage, targetLanguage, translate } from './i18n';

/** A failed API call, carrying the error envelope of DESIGN §5. Status 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** false: the caller handles 401/403/404 itself (login, /me, journal bootstrap, tab pages). */
  globalErrors?: boolean;
  signal?: AbortSignal;
}

type GlobalErrorListener = (error: ApiError) => void;
let globalErrorListener: GlobalErrorListener | null = null;

/** The app shell registers one listener for 401/403/404 answers (spec 03 §8). */
export function setGlobalErrorListener(listener: GlobalErrorListener | null): void {
  globalErrorListener = listener;
}

let rememberedCsrf = '';
/** The /me answer carries the CSRF token too; kept as a fallback if the cookie cannot be read. */
export function rememberCsrfToken(token: string): void {
  rememberedCsrf = token;
}

function csrfToken(): string {
  const match = document.cookie.split('; ').find((part) => part.startsWith('csrf='));
  return match ? decodeURIComponent(match.slice('csrf='.length)) : rememberedCsrf;
}

/** The server sets the csrf cookie on any API answer; a first call that mutates asks for one first. */
async function ensureCsrfToken(): Promise<string> {
  if (!csrfToken()) await fetch('/api/captcha', { method: 'HEAD', credentials: 'same-origin' }).catch(() => undefined);
  return csrfToken();
}

/**
 * The answers the server put into the page's first HTML (a JSON data block, features/journals/first-html.ts): the
 * first GET of each path (in its language, where it has one) within a minute of the page's load is answered from
 * it, once; later reads ask the server as always.
 */
interface CarriedAnswer {
  path: string;
  language: string | null;
  body: unknown;
}
const CARRIED_FOR_MS = 60_000;
let carried: CarriedAnswer[] | null = null;

function takeCarried(path: string): { body: unknown } | null {
  if (carried === null) {
    try {
      carried = JSON.parse(document.getElementById('page-answers')?.textContent || '[]') as CarriedAnswer[];
    } catch {
      carried = [];
    }
  }
  if (carried.length === 0 || performance.now() > CARRIED_FOR_MS) return null;
  const language = targetLanguage();
  const index = carried.findIndex(
    (answer) => answer.path === path && (answer.language === null || answer.language === language),
  );
  return index < 0 ? null : { body: carried.splice(index, 1)[0]!.body };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const GLOBAL_STATUSES = new Set([401, 403, 404]);

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const answer = method === 'GET' ? takeCarried(path) : null;
  if (answer) return answer.body as T;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(method)) headers['x-csrf-token'] = await ensureCsrfToken();

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'internal', 'errors.internal', translate('errors.internal'));
  }

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  const error = await toApiError(response);
  if (options.globalErrors !== false && GLOBAL_STATUSES.has(error.status)) globalErrorListener?.(error);
  throw error;
}

/**
 * A multipart POST answering like `api`: the JSON body, or an ApiError with the server's message and fields
 * (no global 401/403/404 handling: the form shows the error itself).
 */
export async function postForm<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const headers = {
    Accept: 'application/json',
    'Accept-Language': acceptLanguage(),
    'x-csrf-token': await ensureCsrfToken(),
  };
  let response: Response;
  try {
    response = await fetch(path, { method, body: form, credentials: 'same-origin', headers });
  } catch {
    throw new ApiError(0, 'internal', 'errors.internal', translate('errors.internal'));
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json().catch(() => ({}))) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    // Not the JSON envelope (a proxy page, an empty body): fall back to the generic message.
  }
  const messageKey = body.messageKey ?? 'errors.internal';
  const message = body.message ?? translate(messageKey);
  return new ApiError(response.status, body.code ?? 'internal', messageKey, message, body.errors ?? {});
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
