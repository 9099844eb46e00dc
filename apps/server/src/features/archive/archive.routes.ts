import {
  archiveHomeResponse,
  archiveIssueParams,
  archiveIssueResponse,
  archivePaperParams,
  archivePaperResponse,
  archiveTimelineResponse,
  archiveViewResponse,
} from '@journals/core/schemas/archive';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findJournal } from '../../domain/journal-context';
import { sendWire } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import { documented, notModified } from '../../lib/openapi';
import { archiveHomeWire, issueWire, paperWire, timelineWire } from './archive.reads';
import * as archive from './archive.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/**
 * The public archive (issue 21 §3). Every read is public and cached like the journal's home (archive.reads.ts), so
 * an edit of the archive metadata shows everywhere within the cache's time.
 * Views are counted by a POST the paper page sends once shown (decision 0032), never by the cached read.
 */
export function registerArchiveRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['archive'];

  app.get(
    '/api/journals/:slug/archive',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: archiveTimelineResponse },
        ...documented({ 304: notModified }, [404]),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      return sendWire(request, reply, await timelineWire(deps, slug));
    },
  );

  app.get(
    '/api/journals/:slug/archive/home',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: archiveHomeResponse },
        ...documented({ 304: notModified }, [404]),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      return sendWire(request, reply, await archiveHomeWire(deps, slug));
    },
  );

  app.get(
    '/api/journals/:slug/archive/volumes/:volume/issues/:issue',
    {
      schema: {
        tags,
        params: archiveIssueParams,
        response: { 200: archiveIssueResponse },
        ...documented({ 304: notModified }, [400, 404]),
      },
    },
    async (request, reply) => {
      const { slug, volume, issue } = request.params;
      return sendWire(request, reply, await issueWire(deps, slug, volume, issue));
    },
  );

  app.get(
    '/api/journals/:slug/archive/papers/:id',
    {
      schema: {
        tags,
        params: archivePaperParams,
        response: { 200: archivePaperResponse },
        ...documented({ 304: notModified }, [400, 404]),
      },
    },
    async (request, reply) => {
      const { slug, id } = request.params;
      return sendWire(request, reply, await paperWire(deps, slug, id, request.language));
    },
  );

  app.post(
    '/api/journals/:slug/archive/papers/:id/view',
    {
      schema: { tags, params: archivePaperParams, response: { 200: archiveViewResponse }, ...documented({}, [404]) },
    },
    async (request) => {
      const journal = await findJournal(deps, request.params.slug);
      return archive.countView(db, deps.config.SECRET, journal, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );
}
