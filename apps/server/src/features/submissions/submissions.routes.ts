import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';
import { withUploads } from '../../lib/upload-routes';
import { registerPaperReadingRoutes } from './paper-reading.routes';
import { registerPaperWritingRoutes } from './paper-writing.routes';

/** The submissions routes: the author writing and sending papers, and papers read on their page and lists. */
export function registerSubmissionRoutes(app: FastifyInstance, deps: Deps) {
  registerPaperReadingRoutes(app, deps);
  withUploads(app, (uploads) => registerPaperWritingRoutes(uploads, deps));
}
