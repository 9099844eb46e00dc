import type { ImportPlacePart } from '@journals/core/schemas/import-place';
import type { ImportedRecord, ReaderInput } from './model';
import { readArticle } from './ojs-article';
import { idOf } from './ojs-fields';
import type { BesideFile } from './ojs-galley';
import { readIssueElement, type IssueReading } from './ojs-issue';
import { readXmlRecords, type XmlElement, type XmlShape } from './ojs-xml-stream';

/**
 * The OJS 3.x Native XML reader (issue 45 §1, decision 0077): an export of issues (`<issues>`, `<issue>`) or of
 * articles (`<articles>`, `<article>`), namespace http://pkp.sfu.ca, read as a stream. Each `<article>` is one
 * record, read once it closes, with its issue (the `<issue>` it is in, or its own `<issue_identification>`) and its
 * PDF galley (embedded, written to the work folder as it streams; or beside the XML in an uploaded zip). A broken
 * article is refused with its place (the 2nd `<issue>`, vol. 3 no. 1, its 5th article, id 123) and the reading goes on.
 */

const FILE_ELEMENTS = new Set(['submission_file', 'artwork_file', 'supplementary_file']);

export const NATIVE_SHAPE: XmlShape = {
  roots: ['issues', 'issue', 'articles', 'article'],
  notThisKind: 'importOjs.notNative',
  isRecord: (name, parent) => name === 'article' && (parent === null || parent.name === 'articles'),
  // Only an article's files: an issue's or a publication's cover images are skipped unread.
  keepsEmbed: (parent) => {
    for (let node: XmlElement | null = parent; node; node = node.parent) if (FILE_ELEMENTS.has(node.name)) return true;
    return false;
  },
};

const issueOf = (article: XmlElement) => {
  let node = article.parent;
  while (node && node.name !== 'issue') node = node.parent;
  return node ?? undefined;
};

/** Reads the export at `xmlPath`; `beside` finds a galley's file given beside it (`<href src>`), when it can. */
export async function* readNativeXml(
  xmlPath: string,
  input: ReaderInput,
  beside: BesideFile | null,
): AsyncGenerator<ImportedRecord> {
  let issueElement: XmlElement | undefined;
  let issue: IssueReading | null = null;
  let issueCount = 0;
  let position = 0;
  let issuePlace: ImportPlacePart = { at: 'issue', n: 0 };
  for await (const article of readXmlRecords(xmlPath, input.workDir, NATIVE_SHAPE)) {
    input.signal?.throwIfAborted();
    const inIssue = issueOf(article);
    if (inIssue && inIssue !== issueElement) {
      issueElement = inIssue;
      issueCount += 1;
      position = 0;
      issue = readIssueElement(inIssue, 'en');
      issuePlace = issue.ok
        ? {
            at: 'issue',
            n: issueCount,
            volume: issue.issue.volume,
            ...(issue.issue.number ? { number: issue.issue.number } : {}),
          }
        : { at: 'issue', n: issueCount };
    }
    position += 1;
    const id = idOf(article, 'internal');
    const articlePlace: ImportPlacePart = { at: 'article', n: position, ...(id ? { id } : {}) };
    const place = inIssue ? [issuePlace, articlePlace] : [articlePlace];
    yield await readArticle(article, {
      place,
      issue: inIssue ? issue : null,
      issueElement: inIssue,
      orderInIssue: inIssue ? position : null,
      beside,
    });
  }
}
