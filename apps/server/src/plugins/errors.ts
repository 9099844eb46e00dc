import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldErrors } from '@journals/core/errors';
import { translate } from '@journals/core/i18n/index';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, BusyError, databaseError, fieldErrorsOf } from '../lib/errors';

/** Every error leaves as the envelope of DESIGN §5, its message in the request's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  messageKey: string,
  errors?: FieldErrors,
  params?: Record<string, string | number>,
) {
  return reply.status(ERROR_STATUS[code]).send(errorBody(request, code, messageKey, errors, params));
}

/** The envelope itself, for a caller that sends it its own way (a plugin's handler that returns the body). */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  messageKey: string,
  errors?: FieldErrors,
  params?: Record<string, string | number>,
): ErrorBody {
  const body: ErrorBody = { code, messageKey, message: translate(request.language, messageKey, params) };
  if (errors) body.errors = errors;
  return body;
}

/** Fastify's own 4xx codes that mean "bad request body or header". */
const BAD_REQUEST_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'fileTooLarge',
  FST_REQ_FILE_TOO_LARGE: 'fileTooLarge',
  FST_PARTS_LIMIT: 'fileTooLarge',
  FST_FILES_LIMIT: 'fileTooLarge',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError)
      return sendError(request, reply, error.code, error.messageKey, error.fieldErrors, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(
        error.validation.map((issue) => ({
          path: issue.instancePath.split('/').filter(Boolean),
          message: issue.message,
        })),
      );
      return sendError(request, reply, 'validation', 'errors.validation', errors);
    }
    // A value the database cannot take (a NUL character, an id beyond the integer range, …): bad input, not a 500.
    if (databaseError(error)?.code.startsWith('22')) {
      request.log.warn({ err: error }, 'input refused by the database');
      return sendError(request, reply, 'validation', 'errors.validation');
    }
    if (error.statusCode === 429) return sendError(request, reply, 'tooManyRequests', 'errors.tooManyRequests');
    const mapped = error.code ? BAD_REQUEST_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped, `errors.${mapped}`);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, 'validation', 'errors.validation');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal', 'errors.internal');
  });
}
