/**
 * An article's front matter as the JATS reader keeps it (decision 0078): a small tree of the <front> element only,
 * each element with the `xml:lang` it is in (its own, else its parent's), and the few ways of reading it the reader
 * needs. The body and back matter are never kept.
 */

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  /** The element's language as written (`xml:lang`, inherited), or '' when none is given. */
  lang: string;
  children: (XmlNode | string)[];
}

export type Language = 'en' | 'ar';

export const elementsOf = (node: XmlNode) =>
  node.children.filter((child): child is XmlNode => typeof child !== 'string');

export const childrenNamed = (node: XmlNode, name: string) => elementsOf(node).filter((child) => child.name === name);

export const childNamed = (node: XmlNode | undefined, name: string) =>
  node ? elementsOf(node).find((child) => child.name === name) : undefined;

/** Every element of this name below `node`, in document order. */
export function descendantsNamed(node: XmlNode, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  for (const child of elementsOf(node)) {
    if (child.name === name) found.push(child);
    found.push(...descendantsNamed(child, name));
  }
  return found;
}

/** Footnote marks and labels are not part of a title, a name or an affiliation. */
const NOT_TEXT = new Set(['xref', 'fn', 'label', 'sup-label']);

/** The element's text, its inline markup (italic, sup…) dropped and its white space collapsed. */
export function textOf(node: XmlNode | undefined, skip: ReadonlySet<string> = NOT_TEXT): string {
  if (!node) return '';
  return rawText(node, skip).replace(/\s+/g, ' ').trim();
}

function rawText(node: XmlNode, skip: ReadonlySet<string>): string {
  return node.children
    .map((child) => (typeof child === 'string' ? child : skip.has(child.name) ? '' : rawText(child, skip)))
    .join('');
}

/** "en", "en-GB", "eng" → en; "ar", "ar-EG", "ara" → ar; any other language, or none, → null. */
export function languageOf(code: string): Language | null {
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'en' || base === 'eng') return 'en';
  if (base === 'ar' || base === 'ara') return 'ar';
  return null;
}

/** Whether a text is written in Arabic letters (a name or an affiliation given without its language). */
export const isArabicScript = (text: string) => /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text);

/**
 * The language of a name or an affiliation: its own `xml:lang` (English, Arabic or another), else its script — not
 * the article's language, as an English article often carries its authors' names in Arabic too.
 */
export function textLanguage(node: XmlNode, text: string): Language | null {
  const own = node.attributes['xml:lang'];
  if (own) return languageOf(own);
  return isArabicScript(text) ? 'ar' : 'en';
}
