import path from 'node:path';
import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { documented, file } from '../../lib/openapi';
import { serverRoot } from '../../paths';

const MANUAL = path.join(serverRoot, 'assets', 'manual.pdf');

/** The health answer: the database answered (a failure is the error envelope's 500). */
const healthResponse = z.object({ status: z.literal('ok') });

export function registerSystemRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/healthz', { schema: { tags: ['system'], ...documented({ 200: healthResponse }) } }, async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  /** The system manual linked from every journal's footer (spec 01 §2). */
  app.get(
    '/manual.pdf',
    { schema: { tags: ['system'], ...documented({ 200: file('The system manual.', ['application/pdf']) }) } },
    (_request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="manual.pdf"')
        .send(createReadStream(MANUAL)),
  );
}
