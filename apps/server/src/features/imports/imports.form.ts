import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished, pipeline } from 'node:stream/promises';
import { IMPORT_LIMITS, IMPORT_SOURCES, type ImportSource } from '@journals/core/schemas/imports';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps';
import { AppError, FieldError } from '../../lib/errors';
import { parsing } from '../../lib/uploads';
import { type NewImport, uploadPath } from './imports.service';

/**
 * The upload's name as the import shows it: a label only (the file is stored under a random name), without the
 * control characters the database cannot hold (a NUL) or a screen would act on, and not past its column.
 */
const fileLabel = (name: string | undefined) =>
  (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(-200) || 'import';

/**
 * The create form: `source`, then `file` (streamed to disk, never held whole) or `url`. `beforeUpload` runs when the
 * file begins, before a byte of it is written: it makes room on the disk for it, or refuses it (never written).
 */
export async function newImportForm(
  request: FastifyRequest,
  deps: Pick<Deps, 'config'>,
  beforeUpload: () => Promise<void>,
): Promise<NewImport> {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'errors.unsupportedMediaType');
  const fields: Record<string, string> = {};
  let upload: NewImport['file'] = null;
  try {
    await parsing(async () => {
      for await (const part of request.parts({ limits: { files: 1, fields: 4, fileSize: IMPORT_LIMITS.fileBytes } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          continue;
        }
        try {
          await beforeUpload();
        } catch (error) {
          // Refused before a byte is written; the rest is read and dropped, so a browser still sending it gets the
          // answer rather than a connection closed under its upload.
          part.file.resume();
          await finished(part.file).catch(() => undefined);
          throw error;
        }
        const target = await uploadPath(deps.config);
        upload = { name: fileLabel(part.filename), path: target };
        try {
          await pipeline(part.file, createWriteStream(target));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('fileTooLarge', 'imports.file_too_large');
          throw error;
        }
        if (part.file.truncated) throw new AppError('fileTooLarge', 'imports.file_too_large');
      }
    });
    const source = fields.source as ImportSource;
    if (!IMPORT_SOURCES.includes(source)) throw FieldError('Source', 'validation.invalid');
    const url = fields.url?.trim() || null;
    if (source === 'oai') {
      if (!url) throw FieldError('Url', 'imports.url_required');
      if (url.length > IMPORT_LIMITS.urlLength || !/^https?:\/\/\S+$/i.test(url))
        throw FieldError('Url', 'imports.url_invalid');
      if (upload) throw FieldError('File', 'validation.invalid');
    } else if (!upload) throw FieldError('File', 'imports.file_required');
    return { source, url: source === 'oai' ? url : null, file: upload };
  } catch (error) {
    if (upload) await rm((upload as { path: string }).path, { force: true });
    throw error;
  }
}
