import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import { noticeRequest } from '@journals/core/schemas/notices';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { archivedPapers, paperFiles } from '../../db/schema';
import type { storeUpload } from '../../domain/paper-files';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { parsing, readRuledUpload, type Upload } from '../../lib/uploads';

/**
 * A correction's corrected file (issue 46 §2, decision 0089): read from the form by the archive's final-PDF rule
 * (core FINAL_VERSION_RULE: a PDF by its content, 25 MB), stored before the notice's transaction, and made the
 * paper's version of record in it; the file it replaces stays, readable as an earlier version.
 */

/** The corrected PDF as read from the form, before it is stored. */
export type CorrectedUpload = Upload<'correctedFile'>;
export type StoredCorrectedFile = Awaited<ReturnType<typeof storeUpload<'correctedFile'>>>;

/**
 * The correction's form (multipart/form-data): `notice`, the JSON of core noticeRequest, and the file
 * `correctedFile`. A bad file is refused as the archive's own upload is (413 too large, 415 not a PDF by its
 * content), before anything is written.
 */
export function correctionForm(request: FastifyRequest) {
  return parsing(async () => {
    if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'errors.unsupportedMediaType');
    let text: string | undefined;
    let upload: CorrectedUpload | undefined;
    for await (const part of request.parts({ limits: { files: 1, fields: 2 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'notice' && typeof part.value === 'string') text = part.value;
        continue;
      }
      if (part.fieldname !== 'correctedFile') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      upload = await readRuledUpload(part, 'correctedFile', FINAL_VERSION_RULE);
    }
    let body: unknown;
    try {
      body = text === undefined ? {} : JSON.parse(text);
    } catch {
      throw new AppError('validation', 'errors.malformedUpload');
    }
    const parsed = noticeRequest.safeParse({ ...(body as object), kind: 'correction' });
    if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
    if (!upload) {
      throw new AppError('validation', 'errors.validation', { CorrectedFile: ['notices.corrected_file_required'] });
    }
    return { body: parsed.data as z.output<typeof noticeRequest>, upload };
  });
}

/**
 * Makes the stored file the paper's version of record, in the notice's transaction: the paper's current final PDF
 * (and any other of that kind still current) is marked replaced, never deleted, and the new one is the archive's
 * final file. Answers both files' ids for the notice's row (the replaced one null when the paper had none).
 */
export async function replaceVersionOfRecord(tx: Tx, paperId: number, stored: StoredCorrectedFile) {
  const [paper] = await tx
    .select({ finalFileId: archivedPapers.finalFileId })
    .from(archivedPapers)
    .where(eq(archivedPapers.paperId, paperId))
    .for('update');
  await tx
    .update(paperFiles)
    .set({ removedAt: new Date() })
    .where(and(eq(paperFiles.paperId, paperId), eq(paperFiles.kind, 'finalVersion'), isNull(paperFiles.removedAt)));
  const [file] = await tx
    .insert(paperFiles)
    .values({ ...stored, kind: 'finalVersion' })
    .returning({ id: paperFiles.id });
  await tx
    .update(archivedPapers)
    .set({ finalFileId: file!.id, modifiedAt: new Date() })
    .where(eq(archivedPapers.paperId, paperId));
  return { correctedFileId: file!.id, replacedFileId: paper?.finalFileId ?? null };
}
