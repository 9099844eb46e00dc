import { specFieldName } from '@journals/core/errors';
import { type FileRule, MB } from '@journals/core/files';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { cleanedCopy, parsing, readRuledUpload, type Upload } from './uploads';

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
      // Cleaned off the request loop (decision 0070); only the clean image is stored.
      const content = await cleanedCopy(name, upload.content, upload.mimeType).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'unsupportedFileType')
          throw new AppError('unsupportedFileType', 'errors.unsupportedFileType', {
            [specFieldName([name])]: ['validation.file_type'],
          });
        throw error;
      });
      form.images[name] = { ...upload, content };
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
