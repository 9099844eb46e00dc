import { type ErrorCode, type FieldErrors, specFieldName } from '@journals/core/errors';

/**
 * The one application error: a code (→ HTTP status in core/errors), a message key, field errors, and the values
 * its message names (a paper's title).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly fieldErrors?: FieldErrors,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
  }
}

/** A 503 told to come back after `retryAfterSeconds` (Retry-After): the server is busy with work of this kind. */
export class BusyError extends AppError {
  constructor(
    messageKey: string,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', messageKey);
  }
}

export const NotFoundError = (messageKey = 'errors.notFound') => new AppError('notFound', messageKey);
export const ForbiddenError = () => new AppError('forbidden', 'errors.forbidden');
export const UnauthenticatedError = () => new AppError('unauthenticated', 'errors.unauthenticated');
export const ConflictError = (messageKey = 'errors.conflict') => new AppError('conflict', messageKey);
/** A 400 with errors beside their fields: `FieldError('Email', 'validation.email_taken')`. */
export const FieldError = (field: string, messageKey: string) =>
  new AppError('validation', 'errors.validation', { [field]: [messageKey] });

/**
 * The PostgreSQL error under drizzle's wrapper (pg and PGlite alike): its SQLSTATE and, for a constraint
 * violation, the constraint's name. Null for any other error.
 */
export function databaseError(error: unknown): { code: string; constraint?: string } | null {
  let current = error as { code?: unknown; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return { code: current.code, constraint: current.constraint ?? undefined };
    }
    current = current.cause as typeof current;
  }
  return null;
}

/** A catalogue key ("validation.email_required", "issues.doi_invalid"), not a library's own sentence. */
const isMessageKey = (message: string | undefined): message is string =>
  message !== undefined && /^[a-z][A-Za-z]*\.[A-Za-z0-9_]+$/.test(message);

/**
 * Zod issues as the envelope's field errors, under the spec's field names; any author-level error also marks
 * `Authors` with 'all authors data required' (spec 02 §8).
 */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string) => {
    const keys = (errors[field] ??= []);
    if (!keys.includes(key)) keys.push(key);
  };
  for (const issue of issues) {
    add(specFieldName(issue.path), isMessageKey(issue.message) ? issue.message : 'validation.invalid');
  }
  if (Object.keys(errors).some((field) => field.startsWith('Authors[')))
    add('Authors', 'validation.all_authors_required');
  return errors;
}
