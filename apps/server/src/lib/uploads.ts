import { specFieldName } from '@journals/core/errors';
import { extensionOf, type FileRule } from '@journals/core/files';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { UncleanableDocument } from './document-metadata';
import { AppError } from './errors';
import { TooComplex } from './expansion';
import { cleanOffTheLoop } from './heavy-work';

/**
 * Reading an uploaded file against its rule (core `FileRule`): its size, its extension, content that agrees with
 * the extension, and its copy without author details when the rule asks for it (cleaned once, here, off the
 * request loop: decision 0070).
 */

/** An uploaded document, read and checked, not yet stored. */
export interface Upload<Kind extends string = string> {
  kind: Kind;
  originalName: string;
  mimeType: string;
  content: Buffer;
  /** The copy that crosses the anonymous review (a rule with `anonymised`): cleaned at upload, stored beside it. */
  anonymousCopy?: Buffer;
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

const tooComplex = (kind: string) =>
  new AppError('fileTooComplex', 'errors.fileTooComplex', { [specFieldName([kind])]: ['validation.file_too_complex'] });

/**
 * The file without its author details, cleaned in the heavy-work worker: refused 413 past a budget (expansion,
 * pixels, time, memory), 415 when it cannot be read to be cleaned.
 */
export async function cleanedCopy(kind: string, content: Buffer, mimeType: string): Promise<Buffer> {
  try {
    return await cleanOffTheLoop(content, mimeType);
  } catch (error) {
    if (error instanceof TooComplex) throw tooComplex(kind);
    if (error instanceof UncleanableDocument) throw notAnonymisable(kind);
    throw error;
  }
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What each accepted extension's content sniffs as (a .doc is an OLE2 compound file). */
const CONTENT_OF_EXTENSION: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/x-cfb', 'application/msword'],
  docx: [DOCX],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  apng: ['image/apng', 'image/png'],
  bmp: ['image/bmp'],
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
  const originalName = part.filename.slice(-200) || `${kind}.${extension}`;
  if (!rule.anonymised) return { kind, originalName, mimeType, content };
  // A file the other side of the anonymous review reads must be one its author details can be removed from.
  return { kind, originalName, mimeType, content, anonymousCopy: await cleanedCopy(kind, content, mimeType) };
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
