import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { specFieldName } from '@journals/core/errors';
import {
  extensionOf,
  type FileRule,
  PAPER_FILE_KINDS,
  PAPER_FILE_RULES,
  type PaperFileKind,
} from '@journals/core/files';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCleanable, withoutAuthorMetadata } from './document-metadata';
import { AppError } from './errors';
import type { Storage } from '../storage/driver';

/** An uploaded document, read and checked, not yet stored. */
export interface Upload<Kind extends string = PaperFileKind> {
  kind: Kind;
  originalName: string;
  mimeType: string;
  content: Buffer;
}

const fileTooLarge = (kind: string) =>
  new AppError('fileTooLarge', 'errors.fileTooLarge', { [specFieldName([kind])]: ['validation.file_max'] });
const wrongType = (kind: string) =>
  new AppError('unsupportedFileType', 'errors.unsupportedFileType', {
    [specFieldName([kind])]: ['validation.file_type'],
  });

const notAnonymisable = (kind: string) =>
  new AppError('unsupportedFileType', 'errors.fileNotAnonymisable', {
    [specFieldName([kind])]: ['validation.file_not_anonymisable'],
  });

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What each accepted extension's content sniffs as (a .doc is an OLE2 compound file). */
const CONTENT_OF_EXTENSION: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/x-cfb', 'application/msword'],
  docx: [DOCX],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  zip: ['application/zip'],
  '7z': ['application/x-7z-compressed'],
  rar: ['application/x-rar-compressed', 'application/vnd.rar'],
};

/** What the content really is (magic bytes); a .docx that sniffs as a plain zip counts when it holds a document. */
async function sniff(content: Buffer, extension: string): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(content);
  if (found?.mime === 'application/zip' && extension === 'docx' && content.includes('word/document.xml')) return DOCX;
  return found?.mime;
}

/** Reads one part fully (the multipart limit stops it just above the largest rule) and checks it against its slot. */
export function readUpload(part: MultipartFile, kind: PaperFileKind): Promise<Upload> {
  return readRuledUpload(part, kind, PAPER_FILE_RULES[kind]);
}

/** Reads one part and checks it against a rule: size, extension, and content that agrees with the extension. */
export async function readRuledUpload<Kind extends string>(
  part: MultipartFile,
  kind: Kind,
  rule: FileRule,
): Promise<Upload<Kind>> {
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(kind);
    throw error;
  }
  if (part.file.truncated || content.length > rule.maxBytes) throw fileTooLarge(kind);
  const extension = extensionOf(part.filename);
  if (!rule.extensions.includes(extension)) throw wrongType(kind);
  const mimeType = await sniff(content, extension);
  if (!mimeType || !rule.mimeTypes.includes(mimeType)) throw wrongType(kind);
  // The extension must agree with the content: a .pdf holding a Word file is refused too.
  if (!CONTENT_OF_EXTENSION[extension]?.includes(mimeType)) throw wrongType(kind);
  // A file the other side of the anonymous review reads must be one its author details can be removed from.
  if (rule.anonymised && !(await isCleanable(content, mimeType))) throw notAnonymisable(kind);
  return { kind, originalName: part.filename.slice(-200) || `${kind}.${extension}`, mimeType, content };
}

/**
 * Runs the reading of a multipart body. The parser's own errors (a body cut off before its closing boundary, a
 * missing boundary) carry no HTTP status: they are bad input, answered 400, never a 500.
 */
export async function parsing<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    throw new AppError('validation', 'errors.malformedUpload');
  }
}

/** The single file of an upload request (POST papers/{id}/files/{kind}). */
export function singleUpload(request: FastifyRequest, kind: PaperFileKind): Promise<Upload> {
  return parsing(async () => {
    const part = request.isMultipart() ? await request.file() : undefined;
    if (!part)
      throw new AppError('validation', 'errors.validation', { [specFieldName([kind])]: ['validation.file_required'] });
    return readUpload(part, kind);
  });
}

/** Every file of a multipart request, by slot (the resubmission form); unknown fields are refused. */
export function uploadsByKind(request: FastifyRequest): Promise<Partial<Record<PaperFileKind, Upload>>> {
  return parsing(async () => {
    const uploads: Partial<Record<PaperFileKind, Upload>> = {};
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

/**
 * The name of a download: an ASCII fallback (by default the name with its other letters replaced) and the UTF-8
 * name (RFC 5987) for Arabic names.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
  asciiName = name,
): string {
  const fallback = asciiName
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a stored file with its type, size and name. A public final file opens in the browser's tab (inline);
 * everything else downloads.
 */
export function sendFile(
  reply: FastifyReply,
  file: { mimeType: string; originalName: string },
  stored: { stream: Readable; size: number },
  cacheControl: 'private, no-store' | 'public, max-age=300',
) {
  const inline = cacheControl.startsWith('public') && file.mimeType === 'application/pdf';
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(file.originalName, inline ? 'inline' : 'attachment'))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(stored.stream);
}

/**
 * Sends a file to the other side of the anonymous review (DESIGN §3, docs/decisions/0028): under a neutral name
 * (with its English form as the ASCII fallback) and without its author details, cleaned as it is sent. A stored
 * file that cannot be cleaned (one stored before uploads were checked) is not sent at all.
 */
export async function sendAnonymisedFile(
  reply: FastifyReply,
  file: { mimeType: string },
  name: { shown: string; ascii: string },
  stored: { stream: Readable },
) {
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Buffer));
  let content: Buffer;
  try {
    content = await withoutAuthorMetadata(Buffer.concat(chunks), file.mimeType);
  } catch (error) {
    reply.log.error({ err: error }, 'a file for the other side of the review could not be cleaned');
    throw new AppError('conflict', 'errors.fileNotAnonymisable');
  }
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', content.length)
    .header('content-disposition', contentDisposition(name.shown, 'attachment', name.ascii))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(content);
}
