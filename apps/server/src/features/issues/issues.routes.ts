import { translate } from '@journals/core/i18n/index';
import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import { id } from '@journals/core/schemas/fields';
import {
  issueCreatedResponse,
  issueMessageResponse,
  issuePaperFields,
  issuePapersResponse,
  issueRequest,
  issuesResponse,
  publishResponse,
} from '@journals/core/schemas/issues';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { documented, noContent } from '../../lib/openapi';
import { parsing, readRuledUpload } from '../../lib/uploads';
import type { FinalUpload } from './issue-paper-rows';
import { assignPaper, issuePapers, removeIssuePaper, updateIssuePaper } from './issue-papers.service';
import { issueEditor } from './issues.policy';
import { createIssue, deleteIssue, issueList, updateIssue } from './issues.service';
import { publishIssue } from './publish.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const issueParams = slugParams.extend({ id });
const issuePaperParams = issueParams.extend({ paperId: id });

/** The form's text fields, read beside the final PDF (`finalVersion`). */
const FORM_FIELDS = Object.keys(issuePaperFields.shape) as readonly string[];

/** The issue paper form: its text fields and the optional final PDF, checked by content (25 MB, PDF). */
function issuePaperForm(request: FastifyRequest) {
  return parsing(async () => {
    const fields: Record<string, string> = {};
    let upload: FinalUpload | undefined;
    if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'errors.unsupportedMediaType');
    for await (const part of request.parts({ limits: { files: 1, fields: FORM_FIELDS.length + 2 } })) {
      if (part.type === 'field') {
        if (FORM_FIELDS.includes(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'finalVersion') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      upload = await readRuledUpload(part, 'finalVersion', FINAL_VERSION_RULE);
    }
    const parsed = issuePaperFields.safeParse(fields);
    if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
    return { fields: parsed.data, upload };
  });
}

/**
 * Issues management (spec 03 §2 "Issues management", "Issue papers screen", §7 "Issues and archive"; issue 21 §1):
 * the editors with the editor panel list, create, edit and delete issues, place papers in them and publish them.
 */
export function registerIssueRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['issues'];
  const base = '/api/journals/:slug/issues';
  const said = (request: FastifyRequest, messageKey: string) => ({
    messageKey,
    message: translate(request.language, messageKey),
  });

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: issuesResponse }, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      return issueList(db, journal);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: slugParams,
        body: issueRequest,
        ...documented({ 201: issueCreatedResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      const created = await createIssue(db, journal, request.body);
      return reply.status(201).send({ ...created, ...said(request, 'issues.created') });
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: issueParams,
        body: issueRequest,
        ...documented({ 200: issueMessageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      await updateIssue(db, journal, request.params.id, request.body);
      return said(request, 'issues.saved');
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: issueParams,
        ...documented({ 204: noContent('The issue is deleted.') }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      await deleteIssue(db, journal, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/papers`,
    { schema: { tags, params: issueParams, ...documented({ 200: issuePapersResponse }, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      return issuePapers(db, journal, request.params.id);
    },
  );

  app.post(
    `${base}/:id/papers`,
    {
      schema: {
        tags,
        params: issueParams,
        ...documented({ 201: issueMessageResponse }, [400, 401, 403, 404, 409, 413, 415]),
      },
    },
    async (request, reply) => {
      const { journal, user } = await issueEditor(deps, request, request.params.slug);
      const { fields, upload } = await issuePaperForm(request);
      await assignPaper(deps, journal, user.id, request.params.id, fields, upload);
      return reply.status(201).send(said(request, 'issues.assigned'));
    },
  );

  app.put(
    `${base}/:id/papers/:paperId`,
    {
      schema: {
        tags,
        params: issuePaperParams,
        ...documented({ 200: issueMessageResponse }, [400, 401, 403, 404, 409, 413, 415]),
      },
    },
    async (request) => {
      const { journal } = await issueEditor(deps, request, request.params.slug);
      const { fields, upload } = await issuePaperForm(request);
      await updateIssuePaper(deps, journal, request.params.id, request.params.paperId, fields, upload);
      return said(request, 'issues.updated');
    },
  );

  app.delete(
    `${base}/:id/papers/:paperId`,
    {
      schema: {
        tags,
        params: issuePaperParams,
        ...documented({ 204: noContent('The paper is removed from the issue.') }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, user } = await issueEditor(deps, request, request.params.slug);
      await removeIssuePaper(db, journal, user.id, request.params.id, request.params.paperId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:id/publish`,
    { schema: { tags, params: issueParams, ...documented({ 200: publishResponse }, [401, 403, 404, 409]) } },
    async (request) => {
      const { journal, user } = await issueEditor(deps, request, request.params.slug);
      const { alreadyPublished } = await publishIssue(deps, journal, user.id, request.params.id);
      return { alreadyPublished, ...said(request, alreadyPublished ? 'issues.already_published' : 'issues.published') };
    },
  );
}
