import type { Readable } from 'node:stream';
import type { ExportIssue, ExportPaper } from './export-archive';
import type { ZipSink } from './export-sink';
import { type HarvestJournal, JATS_DOCTYPE, jatsArticle } from './jats';
import { type Element, newDocument, serialize } from './xml';

/**
 * The journal's archive as JATS with the PDFs (decision 0082): a zip with one JATS 1.3 file per paper (the writer of
 * the issue's JATS export and of OAI-PMH, harvesting/jats.ts) and its PDF beside it under the same base name, in a
 * folder per issue: `vol-3-i-1/0002-118.xml` and `vol-3-i-1/0002-118.pdf`. The names sort in the archive's order
 * (issue, then the paper's place in it), which is the order the JATS import reads them in.
 *
 * One thing is added to the writer's article: the issue's own date as a `collection` pub-date (its day when the
 * issue has a publication date, else its month), so that the issue comes back with its date and month.
 */

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export const jatsBaseName = (issue: ExportIssue, paper: ExportPaper) =>
  `vol-${issue.volume}-i-${issue.issue}/${pad(paper.record.orderInIssue, 4)}-${paper.record.paperId}`;

/** The little of the DOM (xmlbuilder2's own) this file uses: the server has no DOM types. */
interface DomNode {
  ownerDocument: { createElement(name: string): DomNode; createTextNode(text: string): DomNode };
  nextSibling: DomNode | null;
  setAttribute(name: string, value: string): void;
  appendChild(node: DomNode): void;
  insertBefore(node: DomNode, before: DomNode | null): void;
  getElementsByTagName(name: string): ArrayLike<DomNode>;
}

function collectionDate(article: Element, issue: ExportIssue) {
  const meta = (article.node as unknown as DomNode).getElementsByTagName('article-meta')[0];
  if (!meta) return;
  const document = meta.ownerDocument;
  const [month, year] = issue.publishMonth.split(' ');
  const date = document.createElement('pub-date');
  date.setAttribute('pub-type', 'collection');
  date.setAttribute('date-type', 'collection');
  if (issue.publishDate) date.setAttribute('iso-8601-date', issue.publishDate);
  const part = (name: string, text: string) => {
    const node = document.createElement(name);
    node.appendChild(document.createTextNode(text));
    date.appendChild(node);
  };
  if (issue.publishDate) {
    const [y, m, d] = issue.publishDate.split('-');
    part('day', d!);
    part('month', m!);
    part('year', y!);
  } else {
    if (month) part('month', month);
    part('year', year ?? '');
  }
  // After the paper's own date, before its volume (JATS's order of article-meta).
  const before = meta.getElementsByTagName('volume')[0] ?? meta.getElementsByTagName('fpage')[0] ?? null;
  const dates = meta.getElementsByTagName('pub-date');
  const after = dates[dates.length - 1];
  meta.insertBefore(date, after ? after.nextSibling : before);
}

/** One paper's JATS document, with its issue's collection date. */
export function jatsExportDocument(
  journal: HarvestJournal,
  issue: ExportIssue,
  paper: ExportPaper,
  publicUrl: string,
): string {
  const document = newDocument().dtd(JATS_DOCTYPE);
  const article = jatsArticle(document, journal, paper.record, publicUrl);
  collectionDate(article, issue);
  return serialize(document, true);
}

/** Adds one paper to the zip: its JATS file, and its PDF beside it when it has one. */
export async function writeJatsPaper(
  zip: ZipSink,
  journal: HarvestJournal,
  issue: ExportIssue,
  paper: ExportPaper,
  pdf: Readable | null,
  publicUrl: string,
) {
  const base = jatsBaseName(issue, paper);
  await zip.text(`${base}.xml`, jatsExportDocument(journal, issue, paper, publicUrl));
  if (pdf) await zip.file(`${base}.pdf`, pdf as AsyncIterable<Buffer>);
}
