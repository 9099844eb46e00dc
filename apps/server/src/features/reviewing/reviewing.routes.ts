import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';
import { withUploads } from '../../lib/upload-routes';
import { registerEditorReviewRoutes } from './editor-review.routes';
import { registerInvitationLinkRoutes } from './invitation-links.routes';
import { registerReviewerRoutes } from './reviewer.routes';

/** The review loop's routes (issue 9 §1–§3): the editor's side on a paper, the reviewer's side, the mail links. */
export function registerReviewingRoutes(app: FastifyInstance, deps: Deps) {
  registerEditorReviewRoutes(app, deps);
  withUploads(app, (uploads) => registerReviewerRoutes(uploads, deps));
  registerInvitationLinkRoutes(app, deps);
}
