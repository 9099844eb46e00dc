import {
  customTabPage,
  editorialStatisticsResponse,
  homeResponse,
  homeTabsResponse,
  journalBootstrap,
  landingResponse,
  visitResponse,
} from '@journals/core/schemas/journals';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { id } from '@journals/core/schemas/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { currentJournal, findJournal } from '../../domain/journal-context';
import { sendWire, wireJson } from '../../lib/cache';
import { sendStoredImage } from './images';
import { documented, file, notModified } from '../../lib/openapi';
import { bootstrapRead, cachedWire, homeWire, landingRead, PUBLIC_ROUTES, tabsWire } from './journals.reads';
import * as journals from './journals.service';
import { editorialStatistics } from './statistics.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** A public image of the journal, of the type its name says (or application/octet-stream). */
const image = file('The image.', ['image/*', 'application/octet-stream']);

export function registerJournalRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['journals'];

  // Public answers every visitor asks for (journals.reads.ts); a guest's is answered from memory while the cache
  // holds it (lib/memory-lane.ts).
  app.get(
    PUBLIC_ROUTES.landing,
    { schema: { tags, response: { 200: landingResponse }, ...documented({ 304: notModified }) } },
    (request, reply) => sendWire(request, reply, cachedWire(deps, landingRead(deps))),
  );

  app.get(
    PUBLIC_ROUTES.bootstrap,
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: journalBootstrap },
        ...documented({ 304: notModified }, [404]),
      },
    },
    (request, reply) => sendWire(request, reply, cachedWire(deps, bootstrapRead(deps, request.params.slug))),
  );

  app.get(
    PUBLIC_ROUTES.home,
    {
      schema: { tags, params: slugParams, response: { 200: homeResponse }, ...documented({ 304: notModified }, [404]) },
    },
    (request, reply) => sendWire(request, reply, homeWire(deps, request.params.slug)),
  );

  // The journal's editorial statistics (issue 10 §4): one aggregate, kept STATISTICS_TTL_MS.
  app.get(
    '/api/journals/:slug/statistics',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: editorialStatisticsResponse },
        ...documented({ 304: notModified }, [404]),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const wire = await deps.cache.get(
        `journal:${slug}:statistics`,
        async () =>
          wireJson(editorialStatisticsResponse, await editorialStatistics(db, (await currentJournal(deps, slug)).id)),
        deps.config.STATISTICS_TTL_MS,
      );
      return sendWire(request, reply, wire);
    },
  );

  app.get(
    '/api/journals/:slug/tabs',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: homeTabsResponse },
        ...documented({ 304: notModified }, [404]),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      return sendWire(request, reply, await tabsWire(deps, slug));
    },
  );

  app.get(
    '/api/journals/:slug/tabs/:tabSlug',
    {
      schema: {
        tags,
        params: slugParams.extend({ tabSlug: z.string().min(1).max(80) }),
        response: { 200: customTabPage },
        ...documented({}, [404]),
      },
    },
    async (request) => journals.tabPage(db, await findJournal(deps, request.params.slug), request.params.tabSlug),
  );

  app.post(
    '/api/journals/:slug/visits',
    { schema: { tags, params: slugParams, response: { 200: visitResponse }, ...documented({}, [404]) } },
    async (request) => journals.countVisit(db, await findJournal(deps, request.params.slug)),
  );

  const sendImage = (reply: FastifyReply, key: string | null) => sendStoredImage(deps, reply, key);

  app.get(
    '/api/journals/:slug/files/logo',
    { schema: { tags, params: slugParams, ...documented({ 200: image }, [404]) } },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      return sendImage(reply, await journals.publicImageKey(db, journal, 'logo'));
    },
  );

  app.get(
    '/api/journals/:slug/files/cover/:language',
    {
      schema: {
        tags,
        params: slugParams.extend({ language: z.enum(['en', 'ar']) }),
        ...documented({ 200: image }, [404]),
      },
    },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      return sendImage(
        reply,
        await journals.publicImageKey(db, journal, request.params.language === 'en' ? 'cover-en' : 'cover-ar'),
      );
    },
  );

  app.get(
    '/api/journals/:slug/files/slides/:id',
    { schema: { tags, params: slugParams.extend({ id }), ...documented({ 200: image }, [404]) } },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      return sendImage(reply, await journals.publicImageKey(db, journal, 'slide', request.params.id));
    },
  );
}
