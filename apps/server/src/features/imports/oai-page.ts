import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { LoopTurns } from './loop-turns';
import { ImportFileError } from './model';

/**
 * One page of an OAI-PMH `ListRecords` answer in `oai_dc` (https://www.openarchives.org/OAI/openarchivesprotocol.html),
 * read from its file as a stream with saxes: its records one at a time as they close, then its resumption token or
 * its error. saxes never expands an entity (it knows only XML's five and character references), and a DOCTYPE,
 * which an OAI-PMH answer never has, refuses the page, so no declared entity is ever met.
 */

const OAI = 'http://www.openarchives.org/OAI/2.0/';
const OAI_DC = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
const DC = 'http://purl.org/dc/elements/1.1/';
const XML = 'http://www.w3.org/XML/1998/namespace';

/** The longest text kept of one element, and the most values kept of one Dublin Core element of a record. */
const MAX_TEXT = 100_000;
const MAX_VALUES = 200;
/** An answer is a few levels deep; saxes keeps every open element, so a page nested millions deep is refused. */
const MAX_DEPTH = 64;

export interface DcValue {
  value: string;
  /** The value's xml:lang as written ("en_US", "ar"), or null. */
  lang: string | null;
}

export interface DcRecord {
  identifier: string;
  deleted: boolean;
  /** Dublin Core values by element (title, creator, subject, description, date, identifier, source, relation…). */
  dc: Map<string, DcValue[]>;
}

export interface PageEnd {
  /** The resumption token; '' or null when the list is complete. */
  resumptionToken: string | null;
  /** The first OAI-PMH error of the answer, if any. */
  error: { code: string; message: string } | null;
}

export async function* readOaiPage(file: string, host: string): AsyncGenerator<DcRecord, PageEnd> {
  const page = new PageParser(host);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw new ImportFileError('importOai.wrongEncoding', { host });
    }
  };
  const turns = new LoopTurns();
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    page.write(decode(chunk));
    yield* page.take();
    // The loop gets a turn between chunks once this reader has held it a while (loop-turns.ts).
    await turns.take();
  }
  page.write(decode());
  page.close();
  yield* page.take();
  return page.end;
}

class PageParser {
  private readonly parser = new SaxesParser({ xmlns: true });
  private readonly ready: DcRecord[] = [];
  private readonly path: string[] = [];
  private record: DcRecord | null = null;
  private text: string | null = null;
  private lang: string | null = null;
  private sawRoot = false;
  readonly end: PageEnd = { resumptionToken: null, error: null };

  constructor(private readonly host: string) {
    const notOai = () => new ImportFileError('importOai.notOai', { host });
    this.parser.on('error', () => {
      throw notOai();
    });
    this.parser.on('doctype', () => {
      throw notOai();
    });
    this.parser.on('xmldecl', ({ encoding }) => {
      if (encoding && !/^utf-?8$/i.test(encoding)) throw new ImportFileError('importOai.wrongEncoding', { host });
    });
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', (tag) => this.close_(tag));
    this.parser.on('text', (text) => this.addText(text));
    this.parser.on('cdata', (text) => this.addText(text));
  }

  write(text: string) {
    this.parser.write(text);
  }

  close() {
    this.parser.close();
    if (!this.sawRoot) throw new ImportFileError('importOai.notOai', { host: this.host });
  }

  /** The records closed so far, handed over once. */
  take(): DcRecord[] {
    return this.ready.splice(0);
  }

  private open(tag: SaxesTagNS) {
    const depth = this.path.length;
    if (depth >= MAX_DEPTH) throw new ImportFileError('importOjs.tooDeep', { max: MAX_DEPTH });
    this.path.push(`${tag.uri} ${tag.local}`);
    if (depth === 0) {
      if (tag.uri !== OAI || tag.local !== 'OAI-PMH')
        throw new ImportFileError('importOai.notOai', { host: this.host });
      this.sawRoot = true;
      return;
    }
    const attribute = (name: string) => tag.attributes[name]?.value ?? '';
    if (tag.uri === OAI && tag.local === 'error' && depth === 1) {
      this.end.error ??= { code: attribute('code'), message: '' };
      this.text = '';
    } else if (tag.uri === OAI && tag.local === 'record' && this.parentIs('ListRecords')) {
      this.record = { identifier: '', deleted: false, dc: new Map() };
    } else if (tag.uri === OAI && tag.local === 'header' && this.record) {
      this.record.deleted = attribute('status') === 'deleted';
    } else if (tag.uri === OAI && tag.local === 'identifier' && this.parentIs('header')) {
      this.text = '';
    } else if (tag.uri === OAI && tag.local === 'resumptionToken' && this.parentIs('ListRecords')) {
      this.text = '';
    } else if (tag.uri === DC && this.record && this.path.at(-2) === `${OAI_DC} dc`) {
      this.text = '';
      this.lang = (tag.attributes['xml:lang']?.uri === XML ? tag.attributes['xml:lang'].value : '') || null;
    }
  }

  private close_(tag: SaxesTagNS) {
    const depth = this.path.length - 1;
    const text = this.text?.trim() ?? '';
    if (tag.uri === OAI && tag.local === 'error' && depth === 1 && this.end.error && !this.end.error.message) {
      this.end.error.message = text.slice(0, 300);
    } else if (tag.uri === OAI && tag.local === 'record' && this.record) {
      this.ready.push(this.record);
      this.record = null;
    } else if (tag.uri === OAI && tag.local === 'identifier' && this.record && this.parentIs('header')) {
      this.record.identifier = text;
    } else if (tag.uri === OAI && tag.local === 'resumptionToken' && this.parentIs('ListRecords')) {
      this.end.resumptionToken = text || null;
    } else if (tag.uri === DC && this.record && this.text !== null && text) {
      const values = this.record.dc.get(tag.local) ?? [];
      if (values.length < MAX_VALUES) values.push({ value: text, lang: this.lang });
      this.record.dc.set(tag.local, values);
    }
    this.text = null;
    this.lang = null;
    this.path.pop();
  }

  private addText(text: string) {
    if (this.text !== null && this.text.length < MAX_TEXT) this.text += text.slice(0, MAX_TEXT - this.text.length);
  }

  /** Whether the current element's parent is OAI's `name`. */
  private parentIs(name: string) {
    return this.path.at(-2) === `${OAI} ${name}`;
  }
}
