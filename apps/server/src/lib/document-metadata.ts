import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from '@cantoo/pdf-lib';
import { strFromU8, strToU8, zipSync, type Zippable } from 'fflate';
import { ExpansionBudget, TooComplex } from './expansion';
import {
  gifWithoutMetadata,
  jpegWithoutMetadata,
  MalformedImage,
  pngWithoutMetadata,
  webpWithoutMetadata,
} from './image-metadata';
import { readZipParts } from './zip-parts';

/**
 * The copy of a document that crosses the anonymity line (DESIGN §3, docs/decisions/0028): the same document
 * without the fields that name its author. PDF: the Info dictionary (Author, Creator, Producer, Title, Subject,
 * Keywords), every XMP metadata stream, application private data and the author of each comment; DOCX: the
 * documented properties parts (docProps/core.xml, app.xml) and the author of each comment and tracked change;
 * images: EXIF, XMP, IPTC and text chunks. Names typed in the text itself are the writer's to remove.
 *
 * Every expansion on the way has a budget (decision 0070): a file past it throws `TooComplex`. This is heavy work:
 * the server runs it in a worker (lib/heavy-work.ts), never on the request loop.
 */

/** A document that cannot be read well enough to be cleaned (malformed, encrypted, or a format we cannot clean). */
export class UncleanableDocument extends Error {}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The types a crossing file may have: each has a cleaner below; .doc (OLE2) has none (see the decision). */
export const CLEANABLE_TYPES = ['application/pdf', DOCX, 'image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export async function withoutAuthorMetadata(
  content: Buffer,
  mimeType: string,
  budget = new ExpansionBudget(),
): Promise<Buffer> {
  try {
    switch (mimeType) {
      case 'application/pdf':
        return await pdfWithoutAuthor(content, budget);
      case DOCX:
        return docxWithoutAuthor(content, budget);
      case 'image/jpeg':
        return jpegWithoutMetadata(content);
      case 'image/png':
        return pngWithoutMetadata(content);
      case 'image/gif':
        return gifWithoutMetadata(content);
      case 'image/webp':
        return webpWithoutMetadata(content);
    }
  } catch (error) {
    if (error instanceof UncleanableDocument || error instanceof TooComplex) throw error;
    throw new UncleanableDocument(`cannot clean ${mimeType}: ${(error as Error).message}`, { cause: error });
  }
  throw new UncleanableDocument(`no cleaner for ${mimeType}`);
}

/** Whether a document can be cleaned: what an upload of a crossing file is checked for. */
export async function isCleanable(content: Buffer, mimeType: string): Promise<boolean> {
  return withoutAuthorMetadata(content, mimeType).then(
    () => true,
    (error: unknown) => {
      if (error instanceof UncleanableDocument || error instanceof MalformedImage) return false;
      throw error;
    },
  );
}

const METADATA = PDFName.of('Metadata');
const PIECE_INFO = PDFName.of('PieceInfo');
const ANNOTS = PDFName.of('Annots');

/**
 * Inflates every FlateDecode stream of a PDF within the budget before pdf-lib reads it (pdf-lib inflates object
 * streams in JavaScript, without a limit): a stream that inflates past it refuses the file. A chained filter
 * (/FlateDecode twice) is inflated again. A stream zlib cannot read is left for pdf-lib to judge.
 */
function checkPdfStreams(content: Buffer, budget: ExpansionBudget) {
  const text = content.toString('latin1');
  for (const match of text.matchAll(/\bstream\r?\n/g)) {
    const start = match.index + match[0].length;
    const head = text.slice(Math.max(0, text.lastIndexOf('obj', match.index)), match.index);
    const layers = head.match(/\/FlateDecode\b/g)?.length ?? 0;
    if (layers === 0) continue;
    const end = text.indexOf('endstream', start);
    let data: Uint8Array = content.subarray(start, end < 0 ? content.length : end);
    try {
      for (let layer = 0; layer < layers; layer++) data = budget.inflate(data, 'zlib', { partial: true });
    } catch (error) {
      if (error instanceof TooComplex) throw error;
    }
  }
}

async function pdfWithoutAuthor(content: Buffer, budget: ExpansionBudget): Promise<Buffer> {
  checkPdfStreams(content, budget);
  // An encrypted PDF throws here: its strings cannot be read, so it cannot be cleaned.
  const pdf = await PDFDocument.load(content, { updateMetadata: false, throwOnInvalidObject: true });
  const { context } = pdf;
  context.trailerInfo.Info = undefined;
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    dict?.delete(METADATA);
    dict?.delete(PIECE_INFO);
  }
  pdf.catalog.delete(METADATA);
  pdf.catalog.delete(PIECE_INFO);
  // A comment's /T is its author; a form field's (Widget) /T is the field's name, kept.
  for (const page of pdf.getPages()) {
    const annotations = page.node.lookupMaybe(ANNOTS, PDFArray);
    for (let index = 0; index < (annotations?.size() ?? 0); index++) {
      const annotation = annotations!.lookupMaybe(index, PDFDict);
      if (annotation && annotation.get(PDFName.of('Subtype')) !== PDFName.of('Widget'))
        annotation.delete(PDFName.of('T'));
    }
  }
  dropUnreachable(pdf);
  // Without object streams the saved file is plain to inspect (and a test can look for a name in its bytes).
  const saved = await pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return Buffer.from(saved);
}

/**
 * Deletes every object the document no longer reaches from its catalog: the old Info dictionary and XMP streams,
 * and objects an earlier revision left behind (an incremental save keeps the old Author in the file).
 */
function dropUnreachable(pdf: PDFDocument) {
  const { context } = pdf;
  const reached = new Set<string>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) continue;
      reached.add(object.tag);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) {
      pending.push(...object.values());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) context.delete(ref);
}

/** Elements of docProps/core.xml (Dublin Core and OPC) and docProps/app.xml that name or describe a person. */
const CORE_FIELDS = ['creator', 'lastModifiedBy', 'title', 'subject', 'keywords', 'description'];
const APP_FIELDS = ['Company', 'Manager', 'HyperlinkBase'];
/** Already compressed: stored as they are rather than deflated again (a 25 MB file of photos stays quick). */
const STORED = /\.(jpe?g|png|gif|webp|tiff?|wdp|mp[34]|m4a|zip)$/i;

/** Removes an element by its local name, whatever its namespace prefix, in its long and empty forms. */
function withoutElements(xml: string, names: string[]): string {
  return names.reduce(
    (text, name) =>
      text
        .replace(new RegExp(`<(\\w+:)?${name}\\b[^>]*/>`, 'g'), '')
        .replace(new RegExp(`<(\\w+:)?${name}\\b[^>]*>[\\s\\S]*?</(\\w+:)?${name}>`, 'g'), ''),
    xml,
  );
}

/** The author of a comment or tracked change (w:author, w:initials) and of a co-author entry (people.xml). */
function withoutPeople(xml: string): string {
  return xml
    .replace(/\b(w|w15):author="[^"]*"/g, '$1:author="Anonymous"')
    .replace(/\bw:initials="[^"]*"/g, 'w:initials=""')
    .replace(/\bw15:(userId|providerId)="[^"]*"/g, 'w15:$1=""');
}

function docxWithoutAuthor(content: Buffer, budget: ExpansionBudget): Buffer {
  const parts = readZipParts(content, budget);
  if (!parts['word/document.xml']) throw new UncleanableDocument('not a Word document');
  const cleaned: Zippable = {};
  for (const [name, bytes] of Object.entries(parts)) {
    let text: string | undefined;
    if (name === 'docProps/core.xml') text = withoutElements(strFromU8(bytes), CORE_FIELDS);
    else if (name === 'docProps/app.xml') text = withoutElements(strFromU8(bytes), APP_FIELDS);
    else if (name.startsWith('word/') && name.endsWith('.xml')) text = withoutPeople(strFromU8(bytes));
    const data = text === undefined ? bytes : strToU8(text);
    cleaned[name] = [data, { level: STORED.test(name) ? 0 : 6, mtime: new Date('1980-01-01T00:00:00') }];
  }
  return Buffer.from(zipSync(cleaned));
}
