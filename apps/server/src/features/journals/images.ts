import type { FastifyReply } from 'fastify';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';

/** The types the journal's stored images are served as, by their key's extension. */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** Sends a stored image of the journal (logo, cover, slide) with its type, a short cache and a CSP of its own. */
export async function sendStoredImage(
  deps: Pick<Deps, 'storage'>,
  reply: FastifyReply,
  key: string | null,
  cacheControl = 'public, max-age=300',
) {
  const file = key ? await deps.storage.get(key) : null;
  if (!key || !file) throw NotFoundError();
  const type = IMAGE_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  return (
    reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', cacheControl)
      // An image never runs script, even an SVG opened on its own.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(file.stream)
  );
}
