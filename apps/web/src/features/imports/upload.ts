import type { ErrorBody } from '@journals/core/errors';
import type { ImportView } from '@journals/core/schemas/imports';
import { ApiError } from '../../lib/http';
import { acceptLanguage, translate } from '../../lib/i18n';

function csrfToken(): string {
  const match = document.cookie.split('; ').find((part) => part.startsWith('csrf='));
  return match ? decodeURIComponent(match.slice('csrf='.length)) : '';
}

/**
 * POSTs the new import's form with XMLHttpRequest, so that sending a large export (up to IMPORT_LIMITS.fileBytes)
 * reports how much has gone (0–1); answers like `api`: the body, or an ApiError with the server's translated message
 * and field errors.
 */
export function sendImportForm(
  path: string,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<{ import: ImportView }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', acceptLanguage());
    request.setRequestHeader('x-csrf-token', csrfToken());
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: Partial<ErrorBody> & { import?: ImportView } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not the JSON envelope (a proxy's page): the generic message below.
      }
      if (request.status >= 200 && request.status < 300 && body.import) return resolve({ import: body.import });
      const messageKey = body.messageKey ?? 'errors.internal';
      reject(
        new ApiError(
          request.status,
          body.code ?? 'internal',
          messageKey,
          body.message ?? translate(messageKey),
          body.errors ?? {},
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'internal', 'errors.internal', translate('errors.internal')));
    request.send(form);
  });
}
