import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { MB } from '@journals/core/files';
import type { MessageKey } from '@journals/core/i18n/index';
import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import { type JatsPaper, paperOf } from './jats-article';
import { type JatsArticle, jatsArticles } from './jats-xml';
import { type ImportedFile, ImportFileError, type ImportedRecord, type ImportReader, type Place } from './model';
import { openZipFolder, type ZipFolder } from './zip-folder';

/**
 * The JATS source (issue 45 §2, decision 0078): what a typesetter delivers — a zip of JATS 1.x articles with their
 * PDFs, or one .xml file. Each XML file of the zip is read as a stream, in the natural order of the names
 * ("a2.xml" before "a10.xml"), and each article becomes a paper; its PDF is the one its <self-uri> names, else the
 * PDF beside it with the same base name ("a1.xml" and "a1.pdf"), streamed out of the zip into the import's folder.
 * An XML file that cannot be read (not well-formed, not UTF-8, not JATS) is refused as a record and the others go
 * on; a zip or a file that is hostile (a bomb, a path out of its folder, a DOCTYPE declaring entities) is refused
 * whole.
 */

/** What one XML file of a zip may be refused for while the other files are read. */
const RECORD_REASONS = new Set<MessageKey>([
  'importJats.xmlMalformed',
  'importJats.xmlEncoding',
  'importJats.xmlNotUtf8',
  'importJats.xmlEntity',
  'importJats.notJats',
  'importJats.zipEntryBroken',
]);

const naturalOrder = new Intl.Collator('en', { numeric: true }).compare;

const isArticleFile = (name: string) =>
  /\.xml$/i.test(name) && !name.startsWith('__MACOSX/') && !posix.basename(name).startsWith('.');

const placeOf = (file: string, found: JatsArticle): Place =>
  found.isRoot
    ? [{ at: 'file', name: file }]
    : [
        { at: 'file', name: file },
        { at: 'article', n: found.index },
      ];

async function kindOf(path: string, fileName: string): Promise<'zip' | 'xml'> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString('latin1', 0, 2) === 'PK') return 'zip';
    if (/\.xml$/i.test(fileName) || head.toString('latin1').trimStart().startsWith('<')) return 'xml';
    if (head[0] === 0xef || head[0] === 0xff || head[0] === 0xfe) return 'xml';
  } finally {
    await handle.close();
  }
  throw new ImportFileError('importJats.fileType');
}

/** A <self-uri> resolved beside its XML file, or null when it leaves the zip's folder. */
function besideXml(xmlName: string, href: string) {
  let path = href;
  try {
    path = decodeURI(href);
  } catch {
    // Written unencoded, with a lone "%": taken as it is.
  }
  const joined = posix.normalize(posix.join(posix.dirname(xmlName), path));
  return joined.startsWith('../') ? null : joined;
}

interface ZipArticles {
  folder: ZipFolder;
  workDir: string;
  /** Each file's name by its lower-case name, for a PDF named in another case than it is stored. */
  byLowerCase: Map<string, string>;
  galleys: number;
}

async function withGalley(zip: ZipArticles, xmlName: string, paper: JatsPaper, isRoot: boolean) {
  const { pdfHref, ...rest } = paper;
  const refuse = (reason: MessageKey, values: Record<string, string | number>): ImportedRecord => ({
    kind: 'refused',
    place: paper.place,
    reason,
    values,
  });
  const wanted = pdfHref ? besideXml(xmlName, pdfHref) : isRoot ? xmlName.replace(/\.xml$/i, '.pdf') : null;
  const name = wanted && (zip.folder.bytes(wanted) !== undefined ? wanted : zip.byLowerCase.get(wanted.toLowerCase()));
  if (!name) {
    if (pdfHref) return refuse('importJats.galleyMissing', { name: pdfHref });
    return { ...rest, galley: null } satisfies ImportedRecord;
  }
  const maxBytes = FINAL_VERSION_RULE.maxBytes;
  if ((zip.folder.bytes(name) ?? 0) > maxBytes)
    return refuse('importJats.galleyTooLarge', { name: posix.basename(name), megabytes: maxBytes / MB });
  zip.galleys += 1;
  const path = join(zip.workDir, `jats-galley-${zip.galleys}.pdf`);
  const bytes = await zip.folder.extract(name, path, maxBytes);
  const galley: ImportedFile = { name: posix.basename(name), mimeType: 'application/pdf', path, bytes };
  return { ...rest, galley } satisfies ImportedRecord;
}

async function* fromZip(path: string, workDir: string, signal?: AbortSignal): AsyncGenerator<ImportedRecord> {
  const folder = await openZipFolder(path);
  try {
    const names = folder.names();
    const xmlFiles = names.filter(isArticleFile).sort(naturalOrder);
    if (xmlFiles.length === 0) throw new ImportFileError('importJats.zipNoArticles');
    const zip: ZipArticles = {
      folder,
      workDir,
      byLowerCase: new Map(names.map((name) => [name.toLowerCase(), name])),
      galleys: 0,
    };
    for (const xmlName of xmlFiles) {
      signal?.throwIfAborted();
      try {
        for await (const found of jatsArticles(await folder.open(xmlName), xmlName)) {
          const paper = paperOf(found, placeOf(xmlName, found), xmlName);
          yield paper.kind === 'refused' ? paper : await withGalley(zip, xmlName, paper, found.isRoot);
        }
      } catch (error) {
        if (!(error instanceof ImportFileError) || !RECORD_REASONS.has(error.reason)) throw error;
        yield { kind: 'refused', place: [{ at: 'file', name: xmlName }], reason: error.reason, values: error.values };
      }
    }
  } finally {
    folder.close();
  }
}

async function* fromXml(path: string, fileName: string): AsyncGenerator<ImportedRecord> {
  for await (const found of jatsArticles(createReadStream(path), fileName)) {
    const paper = paperOf(found, placeOf(fileName, found), fileName);
    if (paper.kind === 'refused') yield paper;
    else {
      // One XML file alone brings no PDF: its <self-uri> names a file that was not uploaded.
      const { pdfHref: _named, ...rest } = paper;
      yield { ...rest, galley: null };
    }
  }
}

/** Reads a zip of JATS articles with their PDFs, or a single JATS .xml file. */
export const readJats: ImportReader = async function* (input) {
  if (!input.file) throw new ImportFileError('importJats.fileType');
  if ((await kindOf(input.file, input.fileName)) === 'zip') yield* fromZip(input.file, input.workDir, input.signal);
  else yield* fromXml(input.file, input.fileName);
};
