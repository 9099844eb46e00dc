import { hasEditorPanel } from '@journals/core/rules/permissions';
import { id } from '@journals/core/schemas/fields';
import { promisify } from 'node:util';
import { type AsyncZippable, zip, strToU8 } from 'fflate';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentJournal, findJournal, journalContext, requireUser } from '../../domain/journal-context';
import { issuePathSegment } from '../../domain/archive-links';
import { sendWire, wire } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { documented, file } from '../../lib/openapi';
import { crossrefDeposit } from './crossref';
import { jatsDocument } from './jats';
import { answerOai } from './oai-pmh';
import { issueWithRecords } from './published-records';
import { journalAddresses, robotsTxt, sitemapUrlOf, sitemapXml } from './sitemap';
import { XML_TYPE } from './xml';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const issueParams = slugParams.extend({ id });
const tags = ['harvesting'];

/**
 * An OAI-PMH request's arguments as sent: a repeated one is an array and any other name passes, so that the
 * protocol answers them itself (badArgument, badVerb) rather than a 400.
 */
const oaiArgument = z.union([z.string().max(2000), z.array(z.string().max(2000)).max(20)]).optional();
const oaiQuery = z.looseObject({
  verb: oaiArgument.describe('Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords or GetRecord.'),
  metadataPrefix: oaiArgument.describe('oai_dc or jats.'),
  identifier: oaiArgument.describe('oai:{host}:{slug}/{paper id}.'),
  set: oaiArgument.describe('An issue: vol-{volume}-i-{issue}.'),
  from: oaiArgument.describe('YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.'),
  until: oaiArgument.describe('YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.'),
  resumptionToken: oaiArgument.describe('The token of the previous part of a list.'),
});

/**
 * Found by machines (issue 21 §5): OAI-PMH per journal, a sitemap per journal, the site's robots.txt, and the
 * editors' exports of an issue as JATS 1.3 and as a Crossref 5.3.1 deposit.
 */
/** fflate's asynchronous zip compresses in a worker thread, off the request loop (DESIGN §7). */
const zipped = promisify<AsyncZippable, Uint8Array>(zip);

export function registerHarvestingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, cache } = deps;
  const publicUrl = config.PUBLIC_URL;

  const oai = async (slug: string, args: Record<string, unknown>, reply: FastifyReply) => {
    const journal = await findJournal(deps, slug);
    const xml = await answerOai({ db, journal, publicUrl, now: new Date() }, args);
    return reply.type(XML_TYPE).header('cache-control', 'no-cache').send(xml);
  };
  const oaiAnswer = documented({ 200: file('An OAI-PMH 2.0 answer (its errors inside it).', ['text/xml']) }, [404]);

  app.get(
    '/api/journals/:slug/oai',
    { schema: { tags, params: slugParams, querystring: oaiQuery, ...oaiAnswer } },
    async (request, reply) => oai(request.params.slug, request.query, reply),
  );

  // The protocol's POST form (3.1.1.2): the same arguments in a form body. A harvester holds no session, so there is
  // no CSRF token to ask for, and the answer changes nothing. Form bodies are parsed for this route only.
  root.register(async (scope) => {
    await scope.register(formbody);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/journals/:slug/oai',
        { config: { csrf: false }, schema: { tags, params: slugParams, body: oaiQuery.optional(), ...oaiAnswer } },
        async (request, reply) => oai(request.params.slug, request.body ?? {}, reply),
      );
  });

  app.get(
    '/:slug/sitemap.xml',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: z.object({ part: z.coerce.number().int().min(1).max(10_000).optional() }),
        ...documented({ 200: file('The journal’s sitemap, or its index of parts.', ['application/xml']) }, [404]),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { part } = request.query;
      const answer = await cache.get(`journal:${slug}:sitemap:${part ?? 0}`, async () => {
        const journal = await currentJournal(deps, slug);
        const xml = sitemapXml(await journalAddresses(db, journal, publicUrl), sitemapUrlOf(publicUrl, slug), part);
        return xml === null ? null : wire(xml, 'application/xml; charset=utf-8');
      });
      if (!answer) throw NotFoundError();
      return sendWire(request, reply.header('cache-control', 'public, max-age=3600'), answer);
    },
  );

  app.get(
    '/robots.txt',
    { schema: { tags, ...documented({ 200: file('Where indexers may go, and the sitemaps.', ['text/plain']) }) } },
    async (request, reply) => {
      const answer = await cache.get('robots.txt', async () =>
        wire(await robotsTxt(db, publicUrl), 'text/plain; charset=utf-8'),
      );
      return sendWire(request, reply.header('cache-control', 'public, max-age=3600'), answer);
    },
  );

  /** The issue of the route for the editors with the editor panel (401 signed out, 403 others, 404 missing). */
  async function exportedIssue(request: { params: { slug: string; id: number } } & Parameters<typeof requireUser>[0]) {
    requireUser(request);
    const { journal, actor } = await journalContext(deps, request, request.params.slug);
    if (!hasEditorPanel(actor)) throw ForbiddenError();
    const found = await issueWithRecords(db, journal.id, request.params.id);
    if (!found) throw NotFoundError('harvesting.issueNotFound');
    return { journal, ...found };
  }

  app.get(
    '/api/journals/:slug/issues/:id/export/jats',
    {
      schema: {
        tags,
        params: issueParams,
        ...documented(
          { 200: file('The issue’s papers, one JATS 1.3 file each, zipped.', ['application/zip']) },
          [401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { journal, issue, records } = await exportedIssue(request);
      if (records.length === 0) throw new AppError('conflict', 'harvesting.issueEmpty');
      const name = `${journal.slug}-${issuePathSegment(issue.volume, issue.issue)}`;
      const files = Object.fromEntries(
        records.map((record) => [
          `${name}-${String(record.orderInIssue).padStart(2, '0')}.xml`,
          strToU8(jatsDocument(journal, record, publicUrl)),
        ]),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}-jats.zip"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(await zipped(files)));
    },
  );

  app.get(
    '/api/journals/:slug/issues/:id/export/crossref',
    {
      schema: {
        tags,
        params: issueParams,
        ...documented(
          { 200: file('The issue as a Crossref 5.3.1 deposit.', ['application/xml']) },
          [401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { journal, issue, records } = await exportedIssue(request);
      if (!journal.depositorName.trim() || !journal.depositorEmail.trim()) {
        throw new AppError('conflict', 'harvesting.noDepositor');
      }
      if (!records.some((record) => record.doi)) throw new AppError('conflict', 'harvesting.noDoi');
      const deposit = crossrefDeposit(journal, issue, records, publicUrl, new Date());
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${deposit.batchId}.xml"`)
        .header('cache-control', 'private, no-store')
        .send(deposit.xml);
    },
  );
}
