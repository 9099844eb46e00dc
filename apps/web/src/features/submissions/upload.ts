import type { FieldErrors } from '@journals/core/errors';
import type { PaperFileKind } from '@journals/core/files';
import { acceptLanguage } from '../../lib/i18n';
import { papersBase, type PaperFile } from './api';

/** A refused upload: the server's message and its field errors (413 validation.file_max, 415 validation.file_type). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

function csrfToken(): string {
  const match = document.cookie.split('; ').find((part) => part.startsWith('csrf='));
  return match ? decodeURIComponent(match.slice('csrf='.length)) : '';
}

/**
 * POST papers/{id}/files/{kind} with XMLHttpRequest, so the upload can report its progress (0–100).
 * Resolves with the stored file.
 */
export function uploadPaperFile(
  slug: string,
  paperId: number,
  kind: PaperFileKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<PaperFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${papersBase(slug)}/${paperId}/files/${kind}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', acceptLanguage());
    request.setRequestHeader('x-csrf-token', csrfToken());
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { message?: string; errors?: FieldErrors } & Partial<PaperFile> = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not JSON: the generic message below.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve({ id: body.id ?? 0, kind, originalName: body.originalName ?? file.name });
      } else {
        reject(new UploadError(request.status, body.message ?? request.statusText, body.errors ?? {}));
      }
    };
    request.onerror = () => reject(new UploadError(0, ''));
    const data = new FormData();
    data.append('file', file);
    request.send(data);
  });
}

/** Posts a multipart form with fetch (the resubmit dialog); resolves with the JSON answer. */
export async function postMultipart<T = unknown>(path: string, data: FormData): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    body: data,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': acceptLanguage(), 'x-csrf-token': csrfToken() },
  });
  if (!response.ok) {
    let body: { message?: string; errors?: FieldErrors } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // keep the status text
    }
    throw new UploadError(response.status, body.message ?? response.statusText, body.errors ?? {});
  }
  return (await response.json()) as T;
}
