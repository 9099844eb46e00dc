import { translate } from '@journals/core/i18n/index';
import { isEditor } from '@journals/core/rules/permissions';
import { id } from '@journals/core/schemas/fields';
import { messageResponse } from '@journals/core/schemas/accounts';
import {
  draftsResponse,
  myPapersResponse,
  paperHistoryResponse,
  paperPageResponse,
} from '@journals/core/schemas/submissions-responses';
import { mailToStaffRequest } from '@journals/core/schemas/submissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, NotFoundError } from '../../lib/errors';
import { journalContext, signedInCaller } from '../../domain/journal-context';
import { accessOf, downloadTerms } from '../../domain/full-text-access';
import { documented, file } from '../../lib/openapi';
import { AUTHOR_STATUS_FILTERS, authorDashboard } from './author-dashboard.service';
import { draftsOf, history, originalProposal, readableOriginal } from './dashboard.service';
import { sendFile } from '../../lib/downloads';
import { findPaper, paperFor, readablePaper, type Paper } from '../../domain/paper-access';
import { readablePaperPage } from './paper-page.service';
import * as view from './paper-view.service';
import { mailStaff } from './submit.service';
import { sendJsonText } from '../../lib/json-text';
import { fileParams, paperParams, slugParams } from './routes-common';

const dashboardQuery = z.object({
  status: z.enum(Object.keys(AUTHOR_STATUS_FILTERS) as [keyof typeof AUTHOR_STATUS_FILTERS]).optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
/** A stored file of a paper, sent with the type it was stored with (PDF, Word, JPEG, …). */
const storedFile = file('The file, with its stored type and name (Content-Disposition).', ['*/*']);

/**
 * Reading papers: the author's lists, the paper page, its files, final file and history, an original proposal, and
 * the page's mail to the journal's staff.
 */
export function registerPaperReadingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['submissions'];
  const base = '/api/journals/:slug/papers';

  /** The journal, the signed-in user and who they are there. */
  const context = (request: FastifyRequest, slug: string) => signedInCaller(deps, request, slug);

  app.get(
    `${base}/mine`,
    {
      schema: {
        tags,
        params: slugParams,
        querystring: dashboardQuery,
        ...documented({ 200: myPapersResponse }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { journal, user } = await context(request, request.params.slug);
      return sendJsonText(reply, await authorDashboard(db, journal, user.id, request.query));
    },
  );

  app.get(
    `${base}/drafts`,
    { schema: { tags, params: slugParams, ...documented({ 200: draftsResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      return draftsOf(db, journal, user.id);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: paperParams, ...documented({ 200: paperPageResponse }, [401, 404]) } },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      return sendJsonText(reply, await readablePaperPage(db, journal.id, caller, request.params.id));
    },
  );

  /** Streams a current file of a paper the caller may read. */
  const download = async (reply: FastifyReply, paper: Paper, fileId: number) => {
    const file = await view.fileOf(db, paper, fileId);
    const stored = await deps.storage.get(file.storageKey);
    if (!stored) throw NotFoundError();
    return sendFile(reply, file, stored, 'private, no-store');
  };

  app.get(
    `${base}/:id/files/:fileId`,
    { schema: { tags, params: fileParams, ...documented({ 200: storedFile }, [401, 404]) } },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      return download(reply, await readablePaper(db, journal.id, caller, request.params.id), request.params.fileId);
    },
  );

  /**
   * The final file of a paper assigned to an issue: once its issue is published, to whoever the journal's full-text
   * rule lets read it (everyone where it does not charge at download, spec 02 §2; else its members, 403 to others,
   * decision 0033); while the issue is in press, only to the journal's editors and the paper's authors (issue 21
   * §1), 404 to anyone else.
   */
  app.get(
    `${base}/:id/final-file`,
    { schema: { tags, params: paperParams, ...documented({ 200: storedFile }, [403, 404]) } },
    async (request, reply) => {
      const { journal, actor } = await journalContext(deps, request, request.params.slug);
      const userId = request.user?.id ?? null;
      const paper = await findPaper(db, journal.id, request.params.id, userId);
      const file = await view.finalFileOf(db, paper);
      if (!file) throw NotFoundError();
      const insider = userId !== null && (isEditor(actor) || paper.creatorId === userId || paper.coAuthor);
      if (!file.published && !insider) throw NotFoundError();
      // Published: the journal's full-text rule, as on the archive's PDF route (paid download has one door).
      const access = accessOf(await downloadTerms(db, journal.id, userId), { actor, userId }, paper.creatorId);
      if (!insider && access === 'membersOnly') throw new AppError('forbidden', 'fullText.members_only_error');
      const stored = await deps.storage.get(file.storageKey);
      if (!stored) throw NotFoundError();
      return sendFile(
        reply,
        file,
        stored,
        file.published && access === 'open' ? 'public, max-age=300' : 'private, no-store',
      );
    },
  );

  app.get(
    `${base}/:id/history`,
    { schema: { tags, params: paperParams, ...documented({ 200: paperHistoryResponse }, [401, 404]) } },
    async (request) => {
      const { journal, caller } = await context(request, request.params.slug);
      const { paper, relation } = await paperFor(db, journal.id, caller, request.params.id);
      if (!relation.reads) throw NotFoundError();
      return history(db, paper, relation.manages);
    },
  );

  app.post(
    `${base}/:id/mail-staff`,
    {
      config: { rateLimit: { max: deps.config.RATE_LIMIT_COSTLY, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: paperParams,
        body: mailToStaffRequest,
        ...documented({ 200: messageResponse }, [401, 404]),
      },
    },
    async (request) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      const paper = await readablePaper(db, journal.id, caller, request.params.id);
      await mailStaff(deps, journal, paper, user, request.body.message);
      return { messageKey: 'messages.mailSent', message: translate(request.language, 'messages.mailSent') };
    },
  );

  /** A file of an original proposal, for whoever may read that original (its readers or a citation's). */
  app.get(
    `${base}/original/:code/files/:fileId`,
    {
      schema: {
        tags,
        params: slugParams.extend({ code: z.string().min(1).max(40), fileId: id }),
        ...documented({ 200: storedFile }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      return download(reply, await readableOriginal(db, journal, caller, request.params.code), request.params.fileId);
    },
  );

  app.get(
    `${base}/original/:code`,
    {
      schema: {
        tags,
        params: slugParams.extend({ code: z.string().min(1).max(40) }),
        ...documented({ 200: paperPageResponse }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await context(request, request.params.slug);
      return sendJsonText(reply, await originalProposal(db, journal, caller, request.params.code));
    },
  );
}
