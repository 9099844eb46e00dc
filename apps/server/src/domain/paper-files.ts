import { randomBytes } from 'node:crypto';
import { extensionOf, PAPER_FILE_KINDS, PAPER_FILE_RULES, type PaperFileKind } from '@journals/core/files';
import { specFieldName } from '@journals/core/errors';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { parsing, readRuledUpload, type Upload } from '../lib/uploads';
import type { Storage } from '../storage/driver';

/**
 * A paper's files (core PAPER_FILE_RULES): read from a request slot by slot, and stored under an opaque key of the
 * paper (DESIGN §7). The review's and the decision's attachments are read with their own rules and stored here too.
 */

/** Reads one part fully (the multipart limit stops it just above the largest rule) and checks it against its slot. */
export function readUpload(part: MultipartFile, kind: PaperFileKind): Promise<Upload<PaperFileKind>> {
  return readRuledUpload(part, kind, PAPER_FILE_RULES[kind]);
}

/** The single file of an upload request (POST papers/{id}/files/{kind}). */
export function singleUpload(request: FastifyRequest, kind: PaperFileKind): Promise<Upload<PaperFileKind>> {
  return parsing(async () => {
    const part = request.isMultipart() ? await request.file() : undefined;
    if (!part)
      throw new AppError('validation', 'errors.validation', { [specFieldName([kind])]: ['validation.file_required'] });
    return readUpload(part, kind);
  });
}

/** Every file of a multipart request, by slot (the resubmission form); unknown fields are refused. */
export function uploadsByKind(request: FastifyRequest): Promise<Partial<Record<PaperFileKind, Upload<PaperFileKind>>>> {
  return parsing(async () => {
    const uploads: Partial<Record<PaperFileKind, Upload<PaperFileKind>>> = {};
    if (!request.isMultipart()) return uploads;
    for await (const part of request.parts({ limits: { files: PAPER_FILE_KINDS.length } })) {
      if (part.type !== 'file') continue;
      const kind = PAPER_FILE_KINDS.find((candidate) => candidate === part.fieldname);
      if (!kind) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      uploads[kind] = await readUpload(part, kind);
    }
    return uploads;
  });
}

/** The opaque key a paper's file is stored under (DESIGN §7). */
export function paperFileKey(journalId: number, paperId: number, upload: Pick<Upload, 'originalName'>): string {
  const extension = extensionOf(upload.originalName).replace(/[^a-z0-9]/g, '') || 'bin';
  return `papers/${journalId}/${paperId}/${randomBytes(16).toString('hex')}.${extension}`;
}

export async function storeUpload<Kind extends string>(
  storage: Storage,
  journalId: number,
  paperId: number,
  upload: Upload<Kind>,
) {
  const storageKey = paperFileKey(journalId, paperId, upload);
  await storage.put(storageKey, upload.content);
  return {
    paperId,
    kind: upload.kind,
    storageKey,
    originalName: upload.originalName,
    mimeType: upload.mimeType,
    size: upload.content.length,
  };
}
