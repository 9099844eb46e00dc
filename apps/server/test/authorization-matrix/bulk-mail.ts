import { unsubscribeToken } from '../../src/features/mail/bulk-mail.service';
import { type Context, type Entry, PANEL } from './entry';

/**
 * The matrix rows of "Send an e-mail message" (issue 22 §3): the editor panel's; and its unsubscribe link, whose
 * right is the signed token (anyone holding it), refused to everyone when forged.
 */

const G = '/api/journals/general';
const token = (app: Context['app']) => encodeURIComponent(unsubscribeToken(app.deps, 1, 'matrix.reader@example.org'));
const forged = { status: 400, request: () => ({ url: `${G}/unsubscribe?token=forged.token` }) };

export const bulkMailEntries: Entry[] = [
  {
    route: 'POST /api/journals/:slug/bulk-mail',
    allow: PANEL,
    ok: 200,
    request: () => ({
      url: `${G}/bulk-mail`,
      body: { recipients: 'matrix.reader@example.org', subject: 'Matrix', content: '<p>Hello.</p>' },
    }),
  },
  {
    route: 'GET /api/journals/:slug/bulk-mail/budget',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${G}/bulk-mail/budget` }),
  },
  {
    route: 'GET /api/journals/:slug/unsubscribe',
    allow: 'everyone',
    ok: 200,
    request: ({ app }) => ({ url: `${G}/unsubscribe?token=${token(app)}` }),
    forged,
  },
  {
    route: 'POST /api/journals/:slug/unsubscribe',
    allow: 'everyone',
    ok: 200,
    request: ({ app }) => ({ url: `${G}/unsubscribe?token=${token(app)}`, body: {} }),
    forged: { status: 400, request: () => ({ url: `${G}/unsubscribe?token=forged.token`, body: {} }) },
  },
];
