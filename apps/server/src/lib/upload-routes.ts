import multipart from '@fastify/multipart';
import { MB } from '@journals/core/files';
import type { FastifyInstance } from 'fastify';

/**
 * Registers routes that take files (multipart/form-data) in a context of their own, with @fastify/multipart: its
 * parser and its two hooks (an async one on every request and one on every answer) run for these routes alone, not
 * for every request of the platform (decision 0065). Elsewhere a multipart body is answered 415, translated
 * (`unsupportedMediaType`).
 *
 * One file a request, stopped just above the largest rule; each slot's own limit is checked on the content.
 */
export function withUploads(app: FastifyInstance, register: (uploads: FastifyInstance) => void) {
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 25 * MB + 1, files: 1 } });
    register(uploads);
  });
}
