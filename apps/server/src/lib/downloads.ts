import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sending a stored file: its download name, its headers, and the cleaned copy that crosses the anonymous review. */

/**
 * The name of a download: an ASCII fallback (by default the name with its other letters replaced) and the UTF-8
 * name (RFC 5987) for Arabic names.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
  asciiName = name,
): string {
  const fallback = asciiName
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a stored file with its type, size and name. A public final file opens in the browser's tab (inline);
 * everything else downloads.
 */
export function sendFile(
  reply: FastifyReply,
  file: { mimeType: string; originalName: string },
  stored: { stream: Readable; size: number },
  cacheControl: 'private, no-store' | 'public, max-age=300',
) {
  const inline = cacheControl.startsWith('public') && file.mimeType === 'application/pdf';
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(file.originalName, inline ? 'inline' : 'attachment'))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(stored.stream);
}

/**
 * Sends a file to the other side of the anonymous review (DESIGN §3, docs/decisions/0028): under a neutral name
 * (with its English form as the ASCII fallback). The content is the copy cleaned of its author details when the
 * file arrived (decision 0070), streamed as stored: a download never cleans.
 */
export function sendAnonymisedFile(
  reply: FastifyReply,
  file: { mimeType: string },
  name: { shown: string; ascii: string },
  stored: { stream: Readable; size: number },
) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(name.shown, 'attachment', name.ascii))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stored.stream);
}
