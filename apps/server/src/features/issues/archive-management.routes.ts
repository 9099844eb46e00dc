import { translate } from '@journals/core/i18n/index';
import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import {
  archivedPaperParams,
  archivedPaperRequestKeeping,
  type KeptAbstracts,
  archivedPaperResponse,
  archiveIssuePapersResponse,
  archiveIssuesResponse,
  archivePageQuery,
} from '@journals/core/schemas/archive-management';
import { messageResponse } from '@journals/core/schemas/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parsing, readRuledUpload } from '../../lib/uploads';
import {
  archivedPaper,
  archiveIssuePapers,
  archiveIssues,
  keptAbstracts,
  saveArchivedPaper,
} from './archive-management.service';
import type { FinalUpload } from './issue-paper-rows';
import { issueEditor } from './issues.policy';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const issuePapersParams = slugParams.extend({
  volume: z.coerce.number().int().min(1).max(9999),
  issue: z.string().max(10),
});

/**
 * The archived paper's form as it is sent: its fields as one JSON text (`paper`, the lists kept as lists) and,
 * optionally, the final PDF (`finalVersion`, 25 MB, checked by content).
 */
function archivedPaperForm(request: FastifyRequest, kept: KeptAbstracts | null) {
  return parsing(async () => {
    let text: string | undefined;
    let upload: FinalUpload | undefined;
    if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'errors.unsupportedMediaType');
    for await (const part of request.parts({ limits: { files: 1, fields: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'paper' && typeof part.value === 'string') text = part.value;
        continue;
      }
      if (part.fieldname !== 'finalVersion') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      upload = await readRuledUpload(part, 'finalVersion', FINAL_VERSION_RULE);
    }
    let body: unknown;
    try {
      body = text === undefined ? {} : JSON.parse(text);
    } catch {
      throw new AppError('validation', 'errors.malformedUpload');
    }
    const parsed = archivedPaperRequestKeeping(kept).safeParse(body);
    if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
    return { fields: parsed.data, upload };
  });
}

/**
 * Archive management (spec 03 §2 "Archive management", §7 "Issues and archive"; issue 21 §2): the editors with the
 * editor panel list the issues, an issue's papers, and edit an archived paper, published or in press.
 */
export function registerArchiveManagementRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['archive management'];
  const base = '/api/journals/:slug/archive-management';

  app.get(
    `${base}/issues`,
    {
      schema: {
        tags,
        params: slugParams,
        querystring: archivePageQuery,
        response: { 200: archiveIssuesResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      return archiveIssues(db, journal, request.query.page);
    },
  );

  app.get(
    `${base}/issues/:volume/:issue/papers`,
    {
      schema: {
        tags,
        params: issuePapersParams,
        querystring: archivePageQuery,
        response: { 200: archiveIssuePapersResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      const { volume, issue } = request.params;
      return archiveIssuePapers(db, journal, volume, issue, request.query.page);
    },
  );

  app.get(
    `${base}/papers/:id`,
    {
      schema: {
        tags,
        params: archivedPaperParams,
        response: { 200: archivedPaperResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      return archivedPaper(db, journal, request.params.id);
    },
  );

  app.put(
    `${base}/papers/:id`,
    {
      schema: {
        tags,
        params: archivedPaperParams,
        response: { 200: messageResponse },
        ...documented({}, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      const { fields, upload } = await archivedPaperForm(request, await keptAbstracts(db, journal, request.params.id));
      await saveArchivedPaper(deps, journal, request.params.id, fields, upload);
      const messageKey = 'archiveManagement.saved';
      return { messageKey, message: translate(request.language, messageKey) };
    },
  );
}
