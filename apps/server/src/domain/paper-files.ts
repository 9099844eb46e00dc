import { randomBytes } from 'node:crypto';
import { extensionOf, PAPER_FILE_KINDS, PAPER_FILE_RULES, type PaperFileKind } from '@journals/core/files';
import { specFieldName } from '@journals/core/errors';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from '../lib/errors';
import { cleanedCopy, parsing, readRuledUpload, type Upload } from '../lib/uploads';
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

/**
 * Where the copy without author details of a stored file is kept, beside it (decision 0070): what crosses the
 * anonymous review. The file's own key stays what the editors and the uploader download.
 */
export const anonymousCopyKey = (storageKey: string) => `${storageKey}.anonymous`;

/** The whole content of a stored file's stream. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Removes a stored file and its anonymous copy, if it has one. */
export async function removeStored(storage: Storage, storageKey: string) {
  await storage.remove(anonymousCopyKey(storageKey));
  await storage.remove(storageKey);
}

/** Stores an upload under a new key, with its anonymous copy beside it when it has one. */
export async function storeUpload<Kind extends string>(
  storage: Storage,
  journalId: number,
  paperId: number,
  upload: Upload<Kind>,
) {
  const storageKey = paperFileKey(journalId, paperId, upload);
  if (upload.anonymousCopy) await storage.put(anonymousCopyKey(storageKey), upload.anonymousCopy);
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

/**
 * The stored anonymous copy of a file, for the other side of the review. A file stored before copies were made
 * at upload (decision 0070) is cleaned once, at its first such download, off the request loop, and its copy kept.
 */
export async function anonymousCopy(storage: Storage, file: { storageKey: string; mimeType: string; kind: string }) {
  const copy = await storage.get(anonymousCopyKey(file.storageKey));
  if (copy) return copy;
  const stored = await storage.get(file.storageKey);
  if (!stored) return null;
  let content: Buffer;
  try {
    content = await cleanedCopy(file.kind, await readAll(stored.stream), file.mimeType);
  } catch (error) {
    // Not the downloader's doing: a stored file that cannot be cleaned is not sent, with the reason it has.
    if (error instanceof AppError && error.code === 'unsupportedFileType')
      throw new AppError('conflict', 'errors.fileNotAnonymisable');
    throw error;
  }
  await storage.put(anonymousCopyKey(file.storageKey), content);
  return { stream: Readable.from([content]), size: content.length };
}
