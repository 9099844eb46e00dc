import type { Language } from '@journals/core/enums';
import type { Placeholder, TemplateValues } from '@journals/core/schemas/mail-templates';
import { compile } from 'html-to-text';

/**
 * A mail's two parts from a template (issue 22 §3): the journal's rich text with its placeholders filled, in a page
 * of the recipient's direction (right to left for Arabic), and a plain-text alternative made from the same HTML.
 */

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TOKEN = /\{_([A-Za-z_]+?)_\}/g;
const URL_VALUE = /^https?:\/\/\S+$/;

/** True when a stored text is HTML; the texts written before the editor are plain text with line breaks. */
const isHtml = (text: string) => /<(p|div|br|h[1-6]|ul|ol|table|a|strong|em|span)\b/i.test(text);

/** Plain text as HTML: a paragraph per blank-line block, a line break per newline. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A template's content as HTML, whether it was stored as HTML or (before the editor) as plain text. */
export const asHtml = (content: string) => (isHtml(content) ? content : textToHtml(content));

/**
 * Fills `{_Name_}` placeholders in HTML: inside a link's address with the bare value, elsewhere escaped, with its
 * line breaks kept and a web address made a link. An unknown or unset placeholder is left out.
 */
export function fillHtml(html: string, values: TemplateValues): string {
  const value = (name: string) => values[name as Placeholder] ?? '';
  return html
    .replace(
      /href="([^"]*)"/g,
      (_, href: string) => `href="${href.replace(TOKEN, (__, n: string) => escapeHtml(value(n)))}"`,
    )
    .replace(/(<[^>]*>)|([^<]+)/g, (match, tag: string | undefined) =>
      tag
        ? tag
        : match.replace(TOKEN, (_, name: string) => {
            const filled = value(name);
            if (URL_VALUE.test(filled)) return `<a href="${escapeHtml(filled)}">${escapeHtml(filled)}</a>`;
            return escapeHtml(filled).replace(/\r?\n/g, '<br>');
          }),
    );
}

/** Fills a subject: placeholders with their values, one line. */
export function fillSubject(subject: string, values: TemplateValues): string {
  return subject
    .replace(TOKEN, (_, name: string) => values[name as Placeholder] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The content in a block of its language's direction: what the preview shows and the page carries. */
export const directedContent = (language: Language, html: string) =>
  `<div dir="${language === 'ar' ? 'rtl' : 'ltr'}" lang="${language}" style="text-align:${language === 'ar' ? 'right' : 'left'}">${html}</div>`;

/** The whole HTML part: a small page of the recipient's direction with the content in a readable column. */
export function mailPage(language: Language, subject: string, content: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return [
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f4f5f7">',
    '<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;',
    "font-family:'Segoe UI',Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7;color:#1f2933\">",
    directedContent(language, content),
    '</div></body></html>',
  ].join('');
}

const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['<', '>'] } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

/** The plain-text alternative of a mail's HTML content. */
export const plainText = (html: string) => toText(html).trim();

/** A template's subject and content filled for one person: subject, HTML page and plain text. */
export function renderParts(language: Language, subject: string, content: string, values: TemplateValues) {
  const filledSubject = fillSubject(subject, values);
  const html = fillHtml(asHtml(content), values);
  return {
    subject: filledSubject,
    content: html,
    html: mailPage(language, filledSubject, html),
    text: plainText(html),
  };
}
