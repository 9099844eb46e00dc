import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { IMPORT_READ_LIMITS } from '@journals/core/limits';
import { SaxesParser } from 'saxes';
import { LoopTurns, piecesOf } from './loop-turns';
import { EmbeddedFile } from './ojs-embed';
import { ImportFileError } from './model';

/**
 * An XML export read as a stream (issue 45 §1, decision 0077): the file goes through saxes a chunk at a time, and
 * what comes out is its records — the elements the reader names, each a small tree of its own — one at a time, in
 * document order. Nothing else is kept: a record is dropped from its parent once handed over, and so is each child
 * of the root once closed. A base64 `<embed>` inside a record never reaches the parser's text: it is decoded to a
 * file of the work folder as it streams (ojs-embed.ts).
 *
 * Refused as a whole (ImportFileError): a file that is not UTF-8 or says another encoding, a DOCTYPE with an internal
 * subset (where entities are declared: no entity is ever expanded, saxes knows only the five of XML), XML that is not
 * well formed, and a file past IMPORT_READ_LIMITS' depth, element count or text length.
 */
export interface XmlElement {
  /** The local name (the namespace prefix left out). */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its text and CDATA children, in order). */
  text: string;
  parent: XmlElement | null;
  /** An `<embed>` written to the work folder. */
  file?: EmbeddedFile;
  /** A record with more elements than IMPORT_READ_LIMITS.recordElements: its content past that is not kept. */
  overflow?: boolean;
}

export interface XmlShape {
  /** The root elements a file of this kind may begin with. */
  roots: readonly string[];
  /** Thrown when the root is none of them (with `{element}`). */
  notThisKind: 'importOjs.notNative' | 'importOjs.notUsers';
  /** Whether an element is a record: handed over whole once closed. */
  isRecord(name: string, parent: XmlElement | null): boolean;
  /** Whether an `<embed>` under these ancestors is written to a file (else its content is skipped unread). */
  keepsEmbed(parent: XmlElement): boolean;
}

const CHUNK_BYTES = 64 * 1024;
const limits = IMPORT_READ_LIMITS;

export async function* readXmlRecords(file: string, workDir: string, shape: XmlShape): AsyncGenerator<XmlElement> {
  const reader = new RecordReader(shape, workDir);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const turns = new LoopTurns();
  let offset = 0;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
      if (offset === 0) refuseOtherEncodings(chunk);
      // A chunk in pieces, with a turn of the loop between them when due (loop-turns.ts): ten million tiny elements
      // held the loop for half a second at a time when a chunk was parsed whole.
      for (const piece of piecesOf(decodeChunk(decoder, chunk, offset))) {
        reader.feed(piece);
        if (turns.due()) {
          yield* await reader.take();
          await turns.take();
        }
      }
      offset += chunk.length;
      yield* await reader.take();
    }
    reader.feed(decodeChunk(decoder, undefined, offset));
    reader.close();
    yield* await reader.take();
  } finally {
    await reader.removeUnfinished();
  }
}

function decodeChunk(decoder: InstanceType<typeof TextDecoder>, chunk: Buffer | undefined, offset: number): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw new ImportFileError('importOjs.notUtf8', { offset });
  }
}

/** UTF-16 and UTF-32 say so by their byte order mark, or by the zero bytes of `<?` in their first four bytes. */
function refuseOtherEncodings(first: Buffer) {
  const head = first.subarray(0, 4).toString('hex');
  if (/^(fffe|feff|0000feff|0000003c|3c000000|003c|3c00)/.test(head)) {
    throw new ImportFileError('importOjs.wrongEncoding', { encoding: 'UTF-16/UTF-32' });
  }
}

class RecordReader {
  private readonly parser = new SaxesParser({ xmlns: true });
  private readonly stack: XmlElement[] = [];
  private readonly ready: XmlElement[] = [];
  private readonly files: EmbeddedFile[] = [];
  private embed: EmbeddedFile | 'skip' | null = null;
  /** The embed's text is being read here, not by the parser (between its start tag and the next '<'). */
  private direct = false;
  private sinceEvent = 0;
  private elements = 0;
  private fileCount = 0;
  private readonly records = new Set<XmlElement>();
  /** Per record (or per child of the root, outside its records): how many elements it holds. */
  private readonly counts = new Map<XmlElement, number>();

  constructor(
    private readonly shape: XmlShape,
    private readonly workDir: string,
  ) {
    const parser = this.parser;
    parser.on('xmldecl', (declaration) => {
      const encoding = declaration.encoding;
      if (encoding && !/^utf-?8$/i.test(encoding)) throw new ImportFileError('importOjs.wrongEncoding', { encoding });
    });
    parser.on('doctype', (doctype) => {
      if (doctype.includes('[')) throw new ImportFileError('importOjs.entitiesRefused');
      this.sinceEvent = 0;
    });
    parser.on('opentag', (tag) => this.openElement(tag.local, tag.attributes));
    parser.on('closetag', () => this.closeElement());
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
    parser.on('comment', () => (this.sinceEvent = 0));
    parser.on('processinginstruction', () => (this.sinceEvent = 0));
  }

  /**
   * Gives the parser the text up to each '>' at a time, so that once an `<embed>`'s start tag is read its content
   * can be taken before the parser gathers it (saxes keeps an element's text whole until the next tag).
   */
  feed(text: string) {
    let at = 0;
    while (at < text.length) {
      if (this.direct) {
        const lt = text.indexOf('<', at);
        const end = lt === -1 ? text.length : lt;
        if (this.embed instanceof EmbeddedFile) this.embed.push(text.slice(at, end));
        if (lt === -1) return;
        this.direct = false;
        at = lt;
        continue;
      }
      const gt = text.indexOf('>', at);
      const end = gt === -1 ? text.length : gt + 1;
      this.sinceEvent += end - at;
      if (this.sinceEvent > limits.textChars)
        throw new ImportFileError('importOjs.textTooLong', { max: limits.textChars });
      this.write(text.slice(at, end));
      at = end;
      if (gt !== -1 && this.embed) this.direct = true;
    }
  }

  close() {
    this.write(null);
  }

  /** The records read so far, after every embedded file written up to here is on disk. */
  async take(): Promise<XmlElement[]> {
    for (const file of this.files) await file.flush();
    this.files.splice(0, this.files.length, ...this.files.filter((file) => file.state === 'writing'));
    return this.ready.splice(0);
  }

  /** A file still being written when the reading stops (a refused file, or the caller stopped reading). */
  async removeUnfinished() {
    for (const file of this.files.splice(0)) await file.remove();
  }

  private write(piece: string | null) {
    try {
      if (piece === null) this.parser.close();
      else this.parser.write(piece);
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('importOjs.notXml', { line: this.parser.line }, (error as Error).message);
    }
  }

  private openElement(name: string, attributes: Record<string, { value: string }>) {
    this.sinceEvent = 0;
    this.elements += 1;
    if (this.elements > limits.elements)
      throw new ImportFileError('importOjs.tooManyElements', { max: limits.elements });
    if (this.stack.length >= limits.depth) throw new ImportFileError('importOjs.tooDeep', { max: limits.depth });
    const parent = this.stack.at(-1) ?? null;
    if (!parent && !this.shape.roots.includes(name)) {
      throw new ImportFileError(this.shape.notThisKind, { element: name });
    }
    const attrs: Record<string, string> = {};
    for (const [key, attribute] of Object.entries(attributes)) attrs[key.replace(/^.*:/, '')] = attribute.value;
    const element: XmlElement = { name, attrs, children: [], text: '', parent };
    this.stack.push(element);
    if (this.shape.isRecord(name, parent)) {
      this.records.add(element);
    } else if (parent && !this.keep(parent, element)) {
      return;
    }
    if (name === 'embed' && parent) this.startEmbed(element, parent);
  }

  /**
   * Adds the element to its parent unless its record is full (the record is then refused), or the child of the root
   * it is in, outside any record, is (the file is then refused).
   */
  private keep(parent: XmlElement, element: XmlElement): boolean {
    if (parent.overflow) {
      element.overflow = true;
      return false;
    }
    const record = this.stack.findLast((open) => this.records.has(open));
    const owner = record ?? (this.stack.length > 2 ? this.stack[1] : undefined);
    if (owner) {
      const count = (this.counts.get(owner) ?? 0) + 1;
      this.counts.set(owner, count);
      if (count > limits.recordElements) {
        if (!record) throw new ImportFileError('importOjs.partTooLarge', { max: limits.recordElements });
        record.overflow = true;
        element.overflow = true;
        return false;
      }
    }
    parent.children.push(element);
    return true;
  }

  private startEmbed(element: XmlElement, parent: XmlElement) {
    if (element.overflow || !this.shape.keepsEmbed(parent)) {
      this.embed = 'skip';
      return;
    }
    this.fileCount += 1;
    const file = new EmbeddedFile(join(this.workDir, `ojs-file-${this.fileCount}.bin`), limits.embeddedFileBytes);
    element.file = file;
    this.files.push(file);
    this.embed = file;
  }

  private text(text: string) {
    this.sinceEvent = 0;
    const element = this.stack.at(-1);
    if (!element) return;
    if (this.embed instanceof EmbeddedFile) this.embed.push(text);
    else if (!this.embed && !element.overflow) {
      element.text += text;
      if (element.text.length > limits.textChars) {
        throw new ImportFileError('importOjs.textTooLong', { max: limits.textChars });
      }
    }
  }

  private closeElement() {
    this.sinceEvent = 0;
    const element = this.stack.pop();
    if (!element) return;
    if (element.file) element.file.end();
    if (element.name === 'embed') {
      this.embed = null;
      this.direct = false;
    }
    if (this.records.delete(element)) {
      this.counts.delete(element);
      this.ready.push(element);
      dropChild(element);
    } else if (this.stack.length === 1) {
      this.counts.delete(element);
      dropChild(element);
    }
  }
}

function dropChild(element: XmlElement) {
  const siblings = element.parent?.children;
  const index = siblings?.lastIndexOf(element) ?? -1;
  if (siblings && index !== -1) siblings.splice(index, 1);
}
