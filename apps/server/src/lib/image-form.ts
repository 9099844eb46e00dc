import { specFieldName } from '@journals/core/errors';
import { type FileRule, MB } from '@journals/core/files';
import type { FastifyRequest } from 'fastify';
import { UncleanableDocument, withoutAuthorMetadata } from './document-metadata';
import { AppError } from './errors';
import { parsing, readRuledUpload, type Upload } from './uploads';

/** Formats that carry no metadata to remove (a BMP holds pixels and sizes only). */
const NOTHING_TO_CLEAN = new Set(['image/bmp']);
/** An animated PNG is a PNG: the same chunks, the same cleaner. */
const CLEANED_AS: Record<string, string> = { 'image/apng': 'image/png' };

export interface ImageForm<Name extends string> {
  /** The JSON of the `data` part, unchecked (undefined when there is none). */
  data: unknown;
  images: Partial<Record<Name, Upload<Name>>>;
}

/**
 * Reads a settings screen's multipart save: a `data` field holding JSON and at most one image per expected name,
 * each checked against the rule (size, extension, content) and stored without its metadata (camera, author, place);
 * an image that cannot be read so is not one (415). Other parts are drained and ignored.
 */
export function readImageForm<Name extends string>(
  request: FastifyRequest,
  names: readonly Name[],
  rule: FileRule,
): Promise<ImageForm<Name>> {
  return parsing(async () => {
    if (!request.isMultipart()) throw new AppError('validation', 'errors.malformedUpload');
    const form: ImageForm<Name> = { data: undefined, images: {} };
    const parts = request.parts({ limits: { files: names.length, fieldSize: 3 * MB, fields: 4 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') form.data = parseJson(String(part.value));
        continue;
      }
      const name = names.find((one) => one === part.fieldname);
      if (!name) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const upload = await readRuledUpload(part, name, rule);
      if (NOTHING_TO_CLEAN.has(upload.mimeType)) {
        form.images[name] = upload;
        continue;
      }
      try {
        const content = await withoutAuthorMetadata(upload.content, CLEANED_AS[upload.mimeType] ?? upload.mimeType);
        form.images[name] = { ...upload, content };
      } catch (error) {
        if (!(error instanceof UncleanableDocument)) throw error;
        throw new AppError('unsupportedFileType', 'errors.unsupportedFileType', {
          [specFieldName([name])]: ['validation.file_type'],
        });
      }
    }
    return form;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('validation', 'errors.malformedUpload');
  }
}
