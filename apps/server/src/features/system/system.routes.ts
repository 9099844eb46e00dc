import path from 'node:path';
import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';
import { serverRoot } from '../../paths';

const MANUAL = path.join(serverRoot, 'assets', 'manual.pdf');

export function registerSystemRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/healthz', { schema: { tags: ['system'] } }, async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  /** The system manual linked from every journal's footer (spec 01 §2). */
  app.get('/manual.pdf', { schema: { tags: ['system'] } }, (_request, reply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="manual.pdf"')
      .send(createReadStream(MANUAL)),
  );
}
