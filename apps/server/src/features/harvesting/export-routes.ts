import {
  createExportRequest,
  exportListParams,
  exportListResponse,
  exportParams,
  exportResponse,
  exportView,
} from '@journals/core/schemas/exports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { screenCaller } from '../../domain/journal-context';
import { contentDisposition } from '../../lib/downloads';
import type { Deps } from '../../lib/deps';
import { documented, file, noContent } from '../../lib/openapi';
import { exportJobs } from './export-jobs';
import { createExport, deleteExport, exportFile, exportRow, exportViewOf, listExports } from './export-service';

/**
 * Leaving (issue 45, decision 0082): the journal's whole archive exported in the formats the import reads, the
 * journal manager's and the platform administrator's (the Import screen's, core `managesJournal`). The export is
 * made in the background (export-jobs.ts); the screen follows it by reading it again, then downloads its file.
 */
export function registerExportRoutes(
  root: FastifyInstance,
  deps: Deps,
  handle: Pick<DatabaseHandle, 'executeSql'>,
  work: boolean,
) {
  const jobs = exportJobs(handle, deps, { work });
  root.addHook('onReady', async () => {
    if (work) await jobs.resumeWaiting();
  });
  root.addHook('onClose', async () => jobs.stop());

  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['exports'];
  const base = '/api/journals/:slug/exports';
  const manager = (request: FastifyRequest, slug: string) => screenCaller(deps, request, slug, 'imports');

  app.post(
    base,
    {
      schema: {
        tags,
        params: exportListParams,
        body: createExportRequest,
        response: { 202: exportResponse },
        ...documented({}, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { journal, user } = await manager(request, request.params.slug);
      const view = await createExport(deps, jobs, journal, user.id, request.body.format, request.language);
      return reply.code(202).send({ export: view });
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        params: exportListParams,
        response: { 200: exportListResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      return listExports(deps.db, journal, request.language);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: exportParams, response: { 200: exportView }, ...documented({}, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      return exportViewOf(await exportRow(deps.db, journal, request.params.id), request.language);
    },
  );

  app.get(
    `${base}/:id/download`,
    {
      schema: {
        tags,
        params: exportParams,
        ...documented(
          {
            200: file('The export: OJS Native XML, or a zip of JATS files with their PDFs.', [
              'application/xml',
              'application/zip',
            ]),
          },
          [401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { journal } = await manager(request, request.params.slug);
      const found = await exportFile(deps, journal, request.params.id);
      return reply
        .header('content-type', found.format === 'ojs' ? 'application/xml; charset=utf-8' : 'application/zip')
        .header('content-length', found.size)
        .header('content-disposition', contentDisposition(found.name))
        .header('cache-control', 'private, no-store')
        .send(found.stream);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: exportParams,
        ...documented({ 204: noContent('The export is deleted with its file.') }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal } = await manager(request, request.params.slug);
      await deleteExport(deps, journal, request.params.id);
      return reply.code(204).send();
    },
  );
}
