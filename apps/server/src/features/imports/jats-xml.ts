import { TextDecoder } from 'node:util';
import { JATS_READ_LIMITS } from '@journals/core/limits';
import { SaxesParser } from 'saxes';
import type { XmlNode } from './jats-node';
import { LoopTurns } from './loop-turns';
import { ImportFileError } from './model';

/**
 * A JATS file read as a stream (saxes 6, decision 0078): its bytes decoded as UTF-8 (a BOM'd UTF-16 file too), an
 * article's <front> kept as a small tree and the rest skipped, the articles given one at a time as they end. No
 * entity is ever expanded: a DOCTYPE with an internal subset (where an XML bomb or an external entity would be
 * declared) refuses the file; a standard public JATS DOCTYPE is accepted and its DTD never fetched; a named entity
 * other than XML's five and a few typographic ones the JATS DTD defines is an error.
 */

export interface JatsArticle {
  /** The <article> element: its attributes and language, and its <front> as its only child. */
  article: XmlNode;
  /** Its position among the file's articles (1…n) and whether it is the file's root. */
  index: number;
  isRoot: boolean;
  /** Its front matter was past JATS_READ_LIMITS (and was not kept). */
  tooLarge: boolean;
}

/** What a JATS DTD defines and typesetters write most: replaced by their character, never by markup. */
const TYPOGRAPHIC_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  minus: '\u2212',
  middot: '\u00b7',
  bull: '\u2022',
  prime: '\u2032',
  shy: '\u00ad',
  zwnj: '\u200c',
  zwj: '\u200d',
  lrm: '\u200e',
  rlm: '\u200f',
};

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** The encoding the XML declaration names, read from the file's first bytes. */
function declaredEncoding(head: Buffer) {
  return /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(head.toString('latin1'))?.[1];
}

function decoderFor(head: Buffer, name: string) {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true });
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true });
  const encoding = declaredEncoding(head);
  if (encoding && !UTF8_NAMES.has(encoding.toLowerCase()))
    throw new ImportFileError('importJats.xmlEncoding', { name, encoding });
  return new TextDecoder('utf-8', { fatal: true });
}

/**
 * How deep elements may nest (a JATS article with MathML is a few dozen levels): the parser keeps every open element,
 * so a file of a few megabytes nested millions deep would hold gigabytes. And how many characters may come between
 * two events of the parser (a text, an attribute, a comment), which it gathers whole: a body's paragraph, skipped
 * but gathered, may be long; one of hundreds of megabytes is not a paragraph.
 */
const MAX_DEPTH = 256;
const MAX_TEXT_CHARS = 16 * 1024 * 1024;

interface Open {
  name: string;
  /** The element kept in the tree, or null for one skipped (outside an article's front). */
  node: XmlNode | null;
  lang: string;
}

/** Reads `chunks` (one file's bytes) into its articles; `name` is the file's, for the reasons. */
export async function* jatsArticles(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<JatsArticle> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  // Added to, not replaced: XML's own five sit on its prototype.
  Object.assign(parser.ENTITIES, TYPOGRAPHIC_ENTITIES);
  const done: JatsArticle[] = [];
  const stack: Open[] = [];
  let article: JatsArticle | null = null;
  let articleDepth = -1;
  let count = 0;
  let kept = { chars: 0, elements: 0 };

  parser.on('error', (error) => {
    const where = { name, line: parser.line, column: parser.column };
    if (/undefined entity/.test(error.message)) throw new ImportFileError('importJats.xmlEntity', where);
    throw new ImportFileError('importJats.xmlMalformed', where, error.message);
  });
  let sinceEvent = 0;
  parser.on('doctype', (doctype) => {
    sinceEvent = 0;
    if (doctype.includes('[')) throw new ImportFileError('importJats.xmlDoctypeSubset', { name });
  });

  const keep = (chars: number) => {
    if (!article || article.tooLarge) return false;
    kept.chars += chars;
    if (kept.chars <= JATS_READ_LIMITS.frontChars && kept.elements <= JATS_READ_LIMITS.frontElements) return true;
    article.tooLarge = true;
    article.article.children = [];
    return false;
  };

  // saxes keeps one handler an event: each of ours says the parser has given back what it gathered.
  parser.on('comment', () => (sinceEvent = 0));
  parser.on('processinginstruction', () => (sinceEvent = 0));

  parser.on('opentag', (tag) => {
    sinceEvent = 0;
    if (stack.length >= MAX_DEPTH) throw new ImportFileError('importOjs.tooDeep', { max: MAX_DEPTH });
    const parent = stack[stack.length - 1];
    const attributes = tag.attributes as Record<string, string>;
    const lang = attributes['xml:lang'] ?? parent?.lang ?? '';
    let node: XmlNode | null = null;
    if (!article && tag.name === 'article') {
      count += 1;
      // The JATS DTDs give <article> xml:lang="en" by default (it is not fetched, so it is said here).
      node = { name: tag.name, attributes, lang: lang || 'en', children: [] };
      article = { article: node, index: count, isRoot: stack.length === 0, tooLarge: false };
      articleDepth = stack.length;
      kept = { chars: 0, elements: 0 };
    } else if (article && parent?.node && (parent.node !== article.article || tag.name === 'front')) {
      kept.elements += 1;
      if (keep(0)) {
        node = { name: tag.name, attributes, lang, children: [] };
        parent.node.children.push(node);
      }
    }
    stack.push({ name: tag.name, node, lang: node?.lang ?? lang });
  });
  const onText = (text: string) => {
    sinceEvent = 0;
    const open = stack[stack.length - 1];
    if (open?.node && article && open.node !== article.article && keep(text.length)) open.node.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    sinceEvent = 0;
    stack.pop();
    if (article && stack.length === articleDepth) {
      done.push(article);
      article = null;
    }
  });

  let decoder: TextDecoder | null = null;
  const decode = (bytes: Buffer, stream: boolean) => {
    try {
      return decoder!.decode(bytes, { stream });
    } catch {
      throw new ImportFileError('importJats.xmlNotUtf8', { name });
    }
  };
  const turns = new LoopTurns();
  for await (const chunk of chunks) {
    decoder ??= decoderFor(chunk, name);
    const text = decode(chunk, true);
    sinceEvent += text.length;
    parser.write(text);
    if (sinceEvent > MAX_TEXT_CHARS) throw new ImportFileError('importOjs.textTooLong', { max: MAX_TEXT_CHARS });
    yield* done.splice(0);
    // The loop gets a turn between chunks once this reader has held it a while (loop-turns.ts).
    await turns.take();
  }
  if (decoder) parser.write(decode(Buffer.alloc(0), false));
  parser.close();
  yield* done.splice(0);
  if (count === 0) throw new ImportFileError('importJats.notJats', { name });
}
