import { create } from 'xmlbuilder2';

/**
 * XML through xmlbuilder2, which escapes text and attributes. Namespaces are written as the attributes they are
 * (`xmlns`, `xmlns:dc`), so that each part of a document declares exactly the names it uses and a JATS article
 * inside an OAI-PMH answer stays in no namespace, as JATS has it.
 */

export type Element = ReturnType<typeof create>;

export const XML_TYPE = 'text/xml; charset=utf-8';

export const newDocument = () => create({ version: '1.0', encoding: 'UTF-8' });

/** Text as XML 1.0 can carry it: the control characters it forbids and lone surrogates left out. */
export function xmlText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- these are the characters to leave out
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

/** A child element with text; nothing when the text is empty (an empty tag says nothing to a reader). */
export function textElement(
  parent: Element,
  name: string,
  text: string | number | null | undefined,
  attributes: Record<string, string> = {},
): Element | null {
  const value = text === null || text === undefined ? '' : xmlText(String(text)).trim();
  if (!value) return null;
  return parent.ele(name, attributes).txt(value).up();
}

/** A plain-text abstract as paragraphs (blank lines part them). */
export function paragraphs(text: string): string[] {
  return xmlText(text)
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** `YYYY-MM-DDThh:mm:ssZ`, the granularity of the OAI-PMH datestamps. */
export const utcSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const serialize = (document: Element, pretty = false) => document.end({ prettyPrint: pretty });
