import { PAPER_FILE_KINDS } from '@journals/core/files';
import { canCreatePaper } from '@journals/core/rules/papers';
import { paperDraftRequest } from '@journals/core/schemas/submissions';
import {
  paperIdResponse,
  resubmitResponse,
  submitResponse,
  uploadedFileResponse,
} from '@journals/core/schemas/submissions-responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf, ForbiddenError } from '../../lib/errors';
import { signedInCaller } from '../../domain/journal-context';
import { documented, noContent } from '../../lib/openapi';
import { singleUpload, uploadsByKind } from '../../domain/paper-files';
import { editableDraft, ownPaper, resubmittablePaper } from './submissions.policy';
import * as submissions from './submissions.service';
import { resubmit, submit } from './submit.service';
import { fileParams, paperParams, slugParams } from './routes-common';

/** The terms, and optionally the wizard's fields to save before submitting. */
const submitBody = z.looseObject({ acceptTerms: z.boolean().optional() });

/**
 * The author writes and sends a paper: the draft, its files, submitting it and resubmitting a revision (the
 * paper's creator only, through submissions.policy).
 */
export function registerPaperWritingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['submissions'];
  const base = '/api/journals/:slug/papers';

  /** The journal, the signed-in user and who they are there. */
  const context = (request: FastifyRequest, slug: string) => signedInCaller(deps, request, slug);

  app.post(
    `${base}`,
    {
      schema: {
        tags,
        params: slugParams,
        body: paperDraftRequest,
        ...documented({ 201: paperIdResponse }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      if (!canCreatePaper(caller.actor)) throw ForbiddenError();
      return reply.status(201).send(await submissions.createDraft(deps, journal, user.id, request.body));
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: paperParams,
        body: paperDraftRequest,
        ...documented({ 200: paperIdResponse }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { journal, caller } = await context(request, request.params.slug);
      const paper = await editableDraft(db, journal.id, caller, request.params.id);
      await db.transaction((tx) => submissions.saveDraft(tx, paper, request.body));
      return { id: paper.id };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: paperParams,
        ...documented({ 204: noContent('The draft is deleted, with its files.') }, [401, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      await submissions.deleteDraft(deps, await editableDraft(db, journal.id, caller, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:id/files/:kind`,
    {
      schema: {
        tags,
        params: paperParams.extend({ kind: z.enum(PAPER_FILE_KINDS) }),
        ...documented({ 201: uploadedFileResponse }, [401, 404, 409, 413, 415]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      const paper = await editableDraft(db, journal.id, caller, request.params.id);
      const upload = await singleUpload(request, request.params.kind);
      return reply.status(201).send(await submissions.uploadFile(deps, paper, upload));
    },
  );

  app.delete(
    `${base}/:id/files/:fileId`,
    {
      schema: {
        tags,
        params: fileParams,
        ...documented({ 204: noContent('The file is removed from its slot.') }, [401, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      const paper = await editableDraft(db, journal.id, caller, request.params.id);
      await submissions.removeFile(db, paper, request.params.fileId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:id/submit`,
    { schema: { tags, params: paperParams, body: submitBody, ...documented({ 200: submitResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      const paper = await ownPaper(db, journal.id, caller, request.params.id);
      const { acceptTerms, ...fields } = request.body;
      if (paper.status === 0 && Object.keys(fields).length > 0) {
        const parsed = paperDraftRequest.safeParse(fields);
        if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
        // Submit reads the saved draft again under its lock; nothing of the row read above is used past its status.
        await db.transaction((tx) => submissions.saveDraft(tx, paper, parsed.data));
      }
      return submit(deps, journal, paper, user, acceptTerms === true);
    },
  );

  app.post(
    `${base}/:id/resubmit`,
    { schema: { tags, params: paperParams, ...documented({ 201: resubmitResponse }, [401, 404, 409, 413, 415]) } },
    async (request, reply) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      const paper = await resubmittablePaper(db, journal.id, caller, request.params.id);
      const uploads = await uploadsByKind(request);
      return reply.status(201).send(await resubmit(deps, journal, paper, user, uploads));
    },
  );
}
