import type { ErrorCode, FieldErrors } from '@journals/core/errors';

/** The one application error: a code (→ HTTP status in core/errors), a message key, and field errors. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(messageKey);
  }
}

export const NotFoundError = (messageKey = 'errors.notFound') => new AppError('notFound', messageKey);
export const ForbiddenError = () => new AppError('forbidden', 'errors.forbidden');
export const UnauthenticatedError = () => new AppError('unauthenticated', 'errors.unauthenticated');
export const ConflictError = (messageKey = 'errors.conflict') => new AppError('conflict', messageKey);
/** A 400 with errors beside their fields: `FieldError('Email', 'validation.email_taken')`. */
export const FieldError = (field: string, messageKey: string) =>
  new AppError('validation', 'errors.validation', { [field]: [messageKey] });
