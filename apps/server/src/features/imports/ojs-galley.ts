import { MB } from '@journals/core/files';
import { IMPORT_READ_LIMITS } from '@journals/core/limits';
import { ImportFileError, type ImportedFile, type RefusedRecord } from './model';
import { child, children, localized, textOf } from './ojs-fields';
import type { XmlElement } from './ojs-xml-stream';

/**
 * An article's published PDF (decision 0077): the first of its galleys (`<article_galley>`, in their order) whose
 * file is a PDF. A galley points to one of the article's `<submission_file>`s by id; the file's content is the last
 * of its `<file>`s (OJS 3.3+; the one `file_id` names when it says) or `<revision>`s (OJS 3.0–3.2), either embedded
 * (base64, already written to the work folder by the parser) or beside the XML (`<href src>`, found by `beside`).
 * Other galleys (HTML, XML, a remote URL) are left out: our papers publish a PDF.
 */
export type BesideFile = (src: string, name: string, mimeType: string) => Promise<ImportedFile | null>;

interface SourceFile {
  name: string;
  mimeType: string;
  content: XmlElement | undefined;
}

const FILE_ELEMENTS = new Set(['submission_file', 'artwork_file', 'supplementary_file']);

function contentOf(file: XmlElement): XmlElement | undefined {
  const versions = [...children(file, 'file'), ...children(file, 'revision')];
  const named = versions.find((version) => version.attrs.id !== undefined && version.attrs.id === file.attrs.file_id);
  const holder = named ?? versions.at(-1) ?? file;
  return child(holder, 'embed') ?? child(holder, 'href');
}

function describe(file: XmlElement, id: string): SourceFile {
  const content = contentOf(file);
  const revision = children(file, 'revision').at(-1);
  const extension = children(file, 'file').at(-1)?.attrs.extension ?? '';
  const names = [
    localized(file, 'name', 'en', { anyLocale: true }),
    localized(revision, 'name', 'en', { anyLocale: true }),
  ];
  const name =
    names.map((each) => each.en || each.ar).find(Boolean) ||
    textOf(child(revision, 'original_file_name')) ||
    `file-${id}${extension ? `.${extension}` : ''}`;
  const declared = content?.attrs.mime_type ?? revision?.attrs.filetype ?? '';
  const isPdf = /\.pdf$/i.test(name) || extension.toLowerCase() === 'pdf';
  return { name, mimeType: declared || (isPdf ? 'application/pdf' : 'application/octet-stream'), content };
}

const isPdf = (file: SourceFile) => file.mimeType === 'application/pdf' || /\.pdf$/i.test(file.name);

type GalleyReading = { galley: ImportedFile | null } | { refused: Pick<RefusedRecord, 'reason' | 'values'> };

/** The article's PDF, or why it cannot be had; every embedded file of the article not taken is removed. */
export async function readGalley(
  article: XmlElement,
  publication: XmlElement,
  beside: BesideFile | null,
): Promise<GalleyReading> {
  const files = new Map<string, SourceFile>();
  for (const node of article.children) {
    if (!FILE_ELEMENTS.has(node.name)) continue;
    const id = node.attrs.id ?? textOf(child(node, 'id'));
    files.set(id, describe(node, id));
  }
  let reading: GalleyReading = { galley: null };
  let missing = '';
  for (const galley of children(publication, 'article_galley')) {
    const ref = child(galley, 'submission_file_ref')?.attrs.id;
    if (ref === undefined) continue;
    const file = files.get(ref);
    if (!file) {
      missing ||= ref;
      continue;
    }
    if (!isPdf(file)) continue;
    reading = await take(file, beside);
    break;
  }
  if ('galley' in reading && !reading.galley && missing) {
    reading = { refused: { reason: 'importOjs.galleyFileMissing', values: { id: missing } } };
  }
  await removeFiles(article, 'galley' in reading ? reading.galley?.path : undefined);
  return reading;
}

async function take(file: SourceFile, beside: BesideFile | null): Promise<GalleyReading> {
  const { content, name, mimeType } = file;
  if (content?.name === 'href') {
    const src = content.attrs.src ?? '';
    let found: ImportedFile | null;
    try {
      found = beside ? await beside(src, name, mimeType) : null;
    } catch (error) {
      // A file of the zip past its size or broken: this article is refused, the others are read.
      if (error instanceof ImportFileError) return { refused: { reason: error.reason, values: error.values } };
      throw error;
    }
    return found
      ? { galley: found }
      : { refused: { reason: 'importOjs.fileBesideXml', values: { name: src || name } } };
  }
  const embedded = content?.file;
  if (!embedded || embedded.state === 'invalid') return { refused: { reason: 'importOjs.badEmbed', values: { name } } };
  if (embedded.state === 'tooLarge') {
    return {
      refused: { reason: 'importOjs.fileTooLarge', values: { name, max: IMPORT_READ_LIMITS.embeddedFileBytes / MB } },
    };
  }
  return { galley: { name, mimeType, path: embedded.path, bytes: embedded.bytes } };
}

/** Removes every file the article embedded but `kept` (its galley's; a refused article keeps none). */
export async function removeFiles(element: XmlElement, kept?: string): Promise<void> {
  if (element.file && element.file.path !== kept) await element.file.remove();
  for (const node of element.children) await removeFiles(node, kept);
}
