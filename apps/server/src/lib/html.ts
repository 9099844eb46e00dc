import sanitizeHtml from 'sanitize-html';

/**
 * Journal pages and mails carry editor-written HTML (issue 22 §2): kept to text formatting, links, images and tables,
 * by an allow-list. No script, event handler, `javascript:` or `data:` link, style beyond text alignment, frame or
 * form survives; an image stays only when it is served by this platform (a relative `/api/journals/…` link, or one
 * under `ownOrigin`), so no stored page loads anything from elsewhere or tracks its readers.
 */
export function sanitizeRichText(html: string, ownOrigin?: string): string {
  const ownImage = (src: string | undefined) => {
    if (!src) return false;
    if (src.startsWith('/api/journals/')) return true;
    return ownOrigin !== undefined && src.startsWith(`${ownOrigin.replace(/\/+$/, '')}/api/journals/`);
  };
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['dir', 'style'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedStyles: { '*': { 'text-align': [/^(start|end|center|justify|left|right)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !ownImage(frame.attribs.src),
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
