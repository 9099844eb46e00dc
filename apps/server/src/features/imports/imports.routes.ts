import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { LANGUAGES } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import {
  IMPORT_LIMITS,
  importLinesQuery,
  importLinesResponse,
  importListParams,
  importListResponse,
  importParams,
  importResponse,
  importView,
  runImportRequest,
} from '@journals/core/schemas/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { screenCaller } from '../../domain/journal-context';
import { contentDisposition } from '../../lib/downloads';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { documented, file, noContent } from '../../lib/openapi';
import { importJobs } from './imports.job';
import { sheetTemplate } from './sheet-template';
import { reportCsv } from './imports.report';
import {
  createImport,
  discardImport,
  importLines,
  importRow,
  listImports,
  runImport,
  sourceAvailable,
  viewOf,
} from './imports.service';
import { newImportForm } from './imports.form';
import { inviteImported } from './imports.invite';
import { undoImport } from './imports.undo';
import { makeRoomForUpload } from './imports.uploads';

/**
 * Moving in (issue 45, decision 0076): the Import screen's API, the journal manager's and the platform
 * administrator's (core screen `imports`, `managesJournal`). The routes answer at once; the dry run and the import
 * run in the background (imports.job.ts), and the screen follows them by reading the import again.
 */

export function registerImportRoutes(
  root: FastifyInstance,
  deps: Deps,
  handle: Pick<DatabaseHandle, 'executeSql'>,
  work: boolean,
) {
  const jobs = importJobs(handle, deps, { work });
  // Imports a stopped process left are taken up again once it serves; the jobs stop with it.
  root.addHook('onReady', async () => {
    if (work) await jobs.resumeWaiting();
  });
  root.addHook('onClose', async () => jobs.stop());

  const tags = ['imports'];
  const base = '/api/journals/:slug/imports';
  const manager = (request: FastifyRequest, slug: string) => screenCaller(deps, request, slug, 'imports');
  const message = (request: FastifyRequest, messageKey: string) => ({
    messageKey,
    message: translate(request.language, messageKey),
  });

  void root.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1 } });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      base,
      {
        schema: {
          tags,
          params: importListParams,
          response: { 202: importResponse },
          ...documented({}, [400, 401, 403, 404, 409, 413, 415]),
        },
      },
      async (request, reply) => {
        const { journal, user } = await manager(request, request.params.slug);
        const input = await newImportForm(request, deps, () => makeRoomForUpload(deps, journal.id));
        if (!sourceAvailable(input.source)) {
          if (input.file) await rm(input.file.path, { force: true });
          throw ConflictError('imports.source_unavailable');
        }
        const view = await createImport(deps, jobs, journal, user.id, input, request.language);
        return reply.code(202).send({ import: view });
      },
    );
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  // The spreadsheet's template (decision 0080), its headers and example in the language asked for.
  for (const [format, type] of [
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['csv', 'text/csv; charset=utf-8'],
  ] as const) {
    app.get(
      `${base}/template.${format}`,
      {
        schema: {
          tags,
          params: importListParams,
          querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
          ...documented(
            { 200: file(`The spreadsheet's template (${format}).`, [type.split(';')[0]!]) },
            [401, 403, 404],
          ),
        },
      },
      async (request, reply) => {
        await manager(request, request.params.slug);
        const language = request.query.lang ?? request.language;
        return reply
          .header('content-type', type)
          .header(
            'content-disposition',
            contentDisposition(`${translate(language, 'imports.template_file_name')}.${format}`),
          )
          .header('cache-control', 'private, no-store')
          .send(sheetTemplate(format, language));
      },
    );
  }

  app.get(
    base,
    {
      schema: {
        tags,
        params: importListParams,
        response: { 200: importListResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      return listImports(deps.db, journal, request.language);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: importParams, response: { 200: importView }, ...documented({}, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      return viewOf(await importRow(deps.db, journal, request.params.id), request.language);
    },
  );

  app.get(
    `${base}/:id/lines`,
    {
      schema: {
        tags,
        params: importParams,
        querystring: importLinesQuery,
        response: { 200: importLinesResponse },
        ...documented({}, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      return importLines(deps.db, journal, request.params.id, request.query, request.language);
    },
  );

  app.get(
    `${base}/:id/report.csv`,
    {
      schema: {
        tags,
        params: importParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        ...documented(
          { 200: file('The whole report as CSV (UTF-8 with a byte-order mark).', ['text/csv']) },
          [401, 403, 404],
        ),
      },
    },
    async (request, reply) => {
      const { journal } = await manager(request, request.params.slug);
      const { row } = await importRow(deps.db, journal, request.params.id);
      // A link the browser follows itself: the page says its language (?lang=), as for the template.
      const language = request.query.lang ?? request.language;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${request.params.slug}-import-${row.id}.csv`))
        .header('cache-control', 'private, no-store')
        .send(reportCsv(deps.db, row.id, language));
    },
  );

  app.post(
    `${base}/:id/run`,
    {
      schema: {
        tags,
        params: importParams,
        body: runImportRequest,
        response: { 202: messageResponse },
        ...documented({}, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal } = await manager(request, request.params.slug);
      await runImport(deps.db, jobs, journal, request.params.id, request.body.onRefusal);
      return reply.code(202).send(message(request, 'imports.queued'));
    },
  );

  app.post(
    `${base}/:id/undo`,
    {
      schema: {
        tags,
        params: importParams,
        response: { 200: messageResponse },
        ...documented({}, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal } = await manager(request, request.params.slug);
      await undoImport(deps, journal, request.params.id);
      return message(request, 'imports.undone');
    },
  );

  // The journal invites the people an import brought (decision 0081): how many invitations were queued.
  app.post(
    `${base}/:id/invite`,
    {
      schema: {
        tags,
        params: importParams,
        response: { 200: messageResponse.extend({ queued: z.number().int() }) },
        ...documented({}, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user } = await manager(request, request.params.slug);
      const queued = await inviteImported(deps, journal, request.params.id, user.id);
      const key = queued > 0 ? 'imports.invite_queued' : 'imports.invite_none';
      return { messageKey: key, message: translate(request.language, key, { count: queued }), queued };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: importParams,
        ...documented(
          { 204: noContent('The import is discarded (its file and its report removed).') },
          [401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { journal } = await manager(request, request.params.slug);
      await discardImport(deps, journal, request.params.id);
      return reply.code(204).send();
    },
  );
}
