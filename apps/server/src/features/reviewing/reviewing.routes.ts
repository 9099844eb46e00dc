import { translate } from '@journals/core/i18n/index';
import {
  REVIEW_ATTACHMENT_RULE,
  REVIEW_ATTACHMENT_SLOTS,
  REVIEW_STATUS,
  type ReviewAttachmentSlot,
} from '@journals/core/reviewing';
import { managesReview } from '@journals/core/rules/papers';
import { isEditor } from '@journals/core/rules/permissions';
import { hasFinalDecision } from '@journals/core/rules/workflow';
import { id } from '@journals/core/schemas/fields';
import {
  candidatesQuery,
  candidatesResponse,
  deadlineRequest,
  doneResponse,
  draftSavedResponse,
  invitationLinkResponse,
  inviteResponse,
  invitationLink,
  inviteReviewerRequest,
  publicAcceptRequest,
  publicRefusalRequest,
  refusalRequest,
  remindersResponse,
  reviewDraftRequest,
  reviewerCommentsResponse,
  reviewerDashboardQuery,
  reviewerDashboardResponse,
  reviewerPaperResponse,
  reviewersResponse,
  reviewResultResponse,
  reviewSubmitRequest,
  sheetResponse,
} from '@journals/core/schemas/reviewing';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '@journals/core/enums';
import { reviewInvitations } from '../../db/schema';
import { documented, file, noContent } from '../../lib/openapi';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf, ForbiddenError, NotFoundError } from '../../lib/errors';
import { journalContext, requireUser, signedInCaller } from '../../lib/journal-context';
import { managedPaper, type Paper, readablePaper } from '../../lib/paper-access';
import { parsing, readRuledUpload, sendFile, type Upload } from '../../lib/files';
import * as invitations from './invitations.service';
import * as reviewer from './reviewer.service';
import { commentsForAuthor, invitationOfLink, today } from '../../lib/reviews';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const paperParams = slugParams.extend({ id });
const paperInvitationParams = paperParams.extend({ invitationId: id });
const invitationParams = slugParams.extend({ invitationId: id });

const storedFile = file('The file, with its stored type and name (Content-Disposition).', ['*/*']);
const done = (language: Language, key: string) => ({ messageKey: key, message: translate(language, key) });

/** The review loop's routes (issue 9 §1–§3): the editor's side on a paper, the reviewer's side, the mail links. */
export function registerReviewingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['reviewing'];
  const papers = '/api/journals/:slug/papers/:id';
  const mine = '/api/journals/:slug/reviewing';

  const context = (request: FastifyRequest, slug: string) => signedInCaller(deps, request, slug);

  /** A paper whose review the caller runs (lib/paper-access `managedPaper`), with its journal and the caller. */
  const reviewedPaper = async (request: FastifyRequest, slug: string, paperId: number) => {
    const { journal, user, caller } = await context(request, slug);
    return { journal, user, caller, paper: await managedPaper(db, journal.id, caller, paperId) };
  };

  // ── The editor's side of a paper ────────────────────────────────────────────────────────────────────────────

  app.get(
    `${papers}/reviewers`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewersResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      const paper = await readablePaper(db, journal.id, caller, request.params.id).catch(() => null);
      if (paper && managesReview(caller.actor)) return { items: await invitations.reviewersOf(db, paper, null) };
      // A reviewer reads their own invitation on the paper, nothing of anyone else's.
      const own = await ownPaperInvitation(request.params.slug, user.id, request.params.id, request);
      return { items: await invitations.reviewersOf(db, own.paper, user.id) };
    },
  );

  app.get(
    `${papers}/reviewer-candidates`,
    {
      schema: {
        tags,
        params: paperParams,
        querystring: candidatesQuery,
        ...documented({ 200: candidatesResponse }, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal, paper } = await reviewedPaper(request, request.params.slug, request.params.id);
      return invitations.candidates(db, journal, paper, request.query.specializationId, request.query.search);
    },
  );

  app.post(
    `${papers}/reviewers`,
    {
      schema: {
        tags,
        params: paperParams,
        body: inviteReviewerRequest,
        ...documented({ 201: inviteResponse }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, user, paper } = await reviewedPaper(request, request.params.slug, request.params.id);
      const result = await invitations.invite(deps, journal, paper, user.id, request.body, request.language);
      return reply.status(201).send({ ...result, ...done(request.language, 'messages.reviewerInvited') });
    },
  );

  app.delete(
    `${papers}/reviewers/:invitationId`,
    {
      schema: {
        tags,
        params: paperInvitationParams,
        ...documented({ 204: noContent('Removed.') }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, user, paper } = await reviewedPaper(request, request.params.slug, request.params.id);
      await invitations.remove(deps, journal, paper, user.id, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  app.put(
    `${papers}/reviewers/:invitationId/deadline`,
    {
      schema: {
        tags,
        params: paperInvitationParams,
        body: deadlineRequest,
        ...documented({ 200: doneResponse }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user, paper } = await reviewedPaper(request, request.params.slug, request.params.id);
      await invitations.editDeadline(deps, journal, paper, user.id, request.params.invitationId, request.body.deadline);
      return done(request.language, 'messages.deadlineChanged');
    },
  );

  /**
   * Who reads a review: those who run the paper's review, and its own reviewer. `manager` says whether the
   * caller runs it (sees the editor's part).
   */
  const readableReview = async (request: FastifyRequest, slug: string, paperId: number, invitationId: number) => {
    const { journal, user, caller } = await context(request, slug);
    const paper = await readablePaper(db, journal.id, caller, paperId).catch(() => null);
    const [invitation] = await db
      .select()
      .from(reviewInvitations)
      .where(
        and(
          eq(reviewInvitations.id, invitationId),
          eq(reviewInvitations.paperId, paperId),
          eq(reviewInvitations.journalId, journal.id),
        ),
      );
    if (!invitation || invitation.removedAt !== null) throw NotFoundError();
    const manager = paper !== null && managesReview(caller.actor);
    const own = invitation.reviewerId === user.id;
    const author = paper !== null && paper.creatorId === user.id && !manager;
    if (!manager && !own && !author) throw NotFoundError();
    return { journal, paper, invitation, manager, own, author };
  };

  app.get(
    `${papers}/reviews/:invitationId`,
    { schema: { tags, params: paperInvitationParams, ...documented({ 200: reviewResultResponse }, [401, 404]) } },
    async (request) => {
      const { invitation, manager, own } = await readableReview(
        request,
        request.params.slug,
        request.params.id,
        request.params.invitationId,
      );
      // The paper's author reads the comments meant for them through reviewer-comments, never a review as such.
      if (!manager && !own) throw NotFoundError();
      return reviewer.reviewResult(db, invitation, { manager, reviewer: own });
    },
  );

  app.get(
    `${papers}/reviews/:invitationId/files/:fileId`,
    {
      schema: {
        tags,
        params: paperInvitationParams.extend({ fileId: id }),
        ...documented({ 200: storedFile }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { invitation, manager, own, author, paper } = await readableReview(
        request,
        request.params.slug,
        request.params.id,
        request.params.invitationId,
      );
      const file = await invitations.reviewFile(db, invitation.id, request.params.fileId);
      const authorMay = author && paper !== null && hasFinalDecision(paper.status) && file.kind === 'reviewForAuthor';
      if (!manager && !own && !authorMay) throw NotFoundError();
      return download(reply, file);
    },
  );

  /** The reviewers' comments for the paper's author: to its author once decided, and to those who run it. */
  app.get(
    `${papers}/reviewer-comments`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewerCommentsResponse }, [401, 404]) } },
    async (request) => {
      const { journal, caller } = await context(request, request.params.slug);
      const paper = await readablePaper(db, journal.id, caller, request.params.id);
      const decided = hasFinalDecision(paper.status);
      if (!decided && !managesReview(caller.actor)) return { decided, items: [] };
      return { decided, items: await commentsForAuthor(db, paper.id) };
    },
  );

  // ── The reviewer's side ────────────────────────────────────────────────────────────────────────────────────

  /** The caller's own current invitation on a paper (not refused), or 404: the reviewer's way into a paper. */
  const ownPaperInvitation = async (slug: string, userId: number, paperId: number, request: FastifyRequest) => {
    const { journal } = await journalContext(deps, request, slug);
    const [invitation] = await db
      .select()
      .from(reviewInvitations)
      .where(
        and(
          eq(reviewInvitations.paperId, paperId),
          eq(reviewInvitations.reviewerId, userId),
          eq(reviewInvitations.journalId, journal.id),
          isNull(reviewInvitations.removedAt),
          ne(reviewInvitations.status, REVIEW_STATUS.refused),
        ),
      );
    if (!invitation) throw NotFoundError();
    return { journal, invitation, paper: { id: paperId } as Paper };
  };

  app.get(
    mine,
    {
      schema: {
        tags,
        params: slugParams,
        querystring: reviewerDashboardQuery,
        ...documented({ 200: reviewerDashboardResponse }, [401, 404]),
      },
    },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      return reviewer.dashboard(db, journal, user.id, request.query);
    },
  );

  /** Reminds the late reviewers of the papers the caller runs (spec 01 §2, the delayed list's button). */
  app.post(
    `${mine}/reminders`,
    {
      config: { rateLimit: { max: deps.config.RATE_LIMIT_COSTLY, timeWindow: '1 minute' } },
      schema: { tags, params: slugParams, ...documented({ 200: remindersResponse }, [401, 403, 404, 500]) },
    },
    async (request) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      if (!managesReview(caller.actor)) throw ForbiddenError();
      const handled = isEditor(caller.actor) ? null : (caller.handledSpecializations ?? []);
      try {
        const sent = await invitations.remindLateReviewers(deps, journal, user.id, handled, today());
        // Nobody late: said as it is, not as if notifications had gone out.
        return { sent, ...done(request.language, sent ? 'messages.remindersSent' : 'messages.noLateReviewers') };
      } catch (error) {
        // The spec's failure text ("Error sending notifications."); nothing was sent or logged (one transaction).
        request.log.error({ err: error }, 'reminders to late reviewers failed');
        throw new AppError('internal', 'errors.remindersFailed');
      }
    },
  );

  /** An own invitation the reviewer may still read the paper of: not refused. */
  const readingInvitation = async (request: FastifyRequest, slug: string, invitationId: number) => {
    const { journal, user } = await context(request, slug);
    const invitation = await reviewer.ownInvitation(db, journal, user.id, invitationId);
    if (invitation.status === REVIEW_STATUS.refused) throw NotFoundError();
    return { journal, user, invitation };
  };

  /** The paper as its reviewer reads it, through their own invitation (accepted, invited or reviewed). */
  app.get(
    `${mine}/papers/:id`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewerPaperResponse }, [401, 404]) } },
    async (request) => {
      const user = requireUser(request);
      const { invitation } = await ownPaperInvitation(request.params.slug, user.id, request.params.id, request);
      return reviewer.reviewerPaper(db, invitation);
    },
  );

  app.get(
    `${mine}/papers/:id/files/:fileId`,
    { schema: { tags, params: paperParams.extend({ fileId: id }), ...documented({ 200: storedFile }, [401, 404]) } },
    async (request, reply) => {
      const user = requireUser(request);
      const { invitation } = await ownPaperInvitation(request.params.slug, user.id, request.params.id, request);
      return download(reply, await reviewer.reviewerFile(db, invitation.paperId, request.params.fileId));
    },
  );

  app.post(
    `${mine}/:invitationId/accept`,
    { schema: { tags, params: invitationParams, ...documented({ 200: doneResponse }, [401, 404, 409]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await reviewer.ownInvitation(db, journal, user.id, request.params.invitationId);
      await reviewer.accept(deps, journal, invitation.id);
      return done(request.language, 'messages.invitationAccepted');
    },
  );

  app.post(
    `${mine}/:invitationId/refuse`,
    {
      schema: {
        tags,
        params: invitationParams,
        body: refusalRequest,
        ...documented({ 200: doneResponse }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await reviewer.ownInvitation(db, journal, user.id, request.params.invitationId);
      await reviewer.refuse(deps, journal, invitation.id, request.body);
      return done(request.language, 'messages.invitationRefused');
    },
  );

  app.post(
    `${mine}/:invitationId/deadline`,
    {
      schema: {
        tags,
        params: invitationParams,
        body: deadlineRequest,
        ...documented({ 200: doneResponse }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await reviewer.ownInvitation(db, journal, user.id, request.params.invitationId);
      await reviewer.extendDeadline(deps, journal, invitation.id, request.body.deadline, today());
      return done(request.language, 'messages.deadlineExtended');
    },
  );

  app.get(
    `${mine}/:invitationId/sheet`,
    { schema: { tags, params: invitationParams, ...documented({ 200: sheetResponse }, [401, 404, 409]) } },
    async (request) => {
      const { invitation } = await readingInvitation(request, request.params.slug, request.params.invitationId);
      return reviewer.sheet(db, invitation);
    },
  );

  app.put(
    `${mine}/:invitationId/draft`,
    {
      schema: {
        tags,
        params: invitationParams,
        body: reviewDraftRequest,
        ...documented({ 200: draftSavedResponse }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { invitation } = await readingInvitation(request, request.params.slug, request.params.invitationId);
      return reviewer.saveDraft(db, invitation, request.body);
    },
  );

  app.post(
    `${mine}/:invitationId/review`,
    { schema: { tags, params: invitationParams, ...documented({ 200: doneResponse }, [401, 404, 409]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await reviewer.ownInvitation(db, journal, user.id, request.params.invitationId);
      const { fields, uploads } = await reviewUpload(request);
      const parsed = reviewSubmitRequest.safeParse(fields);
      if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
      await reviewer.submitReview(deps, journal, invitation.id, parsed.data, uploads);
      return done(request.language, 'messages.reviewSubmitted');
    },
  );

  app.get(
    `${mine}/:invitationId/result`,
    { schema: { tags, params: invitationParams, ...documented({ 200: reviewResultResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await reviewer.ownInvitation(db, journal, user.id, request.params.invitationId);
      return reviewer.reviewResult(db, invitation, { manager: false, reviewer: true });
    },
  );

  // ── The invitation mail's signed links: no sign-in ──────────────────────────────────────────────────────────

  const links = '/api/journals/:slug/invitation-links';
  const linked = async (request: FastifyRequest, slug: string, link: { rId: number; pId: number; sig: string }) => {
    const { journal } = await journalContext(deps, request, slug);
    return { journal, ...(await reviewer.linkedInvitation(db, journal, invitationOfLink(deps.config.SECRET, link))) };
  };

  app.get(
    links,
    {
      schema: {
        tags,
        params: slugParams,
        querystring: invitationLink,
        ...documented({ 200: invitationLinkResponse }, [404]),
      },
    },
    async (request) => {
      const { view } = await linked(request, request.params.slug, request.query);
      return view;
    },
  );

  app.post(
    `${links}/accept`,
    {
      config: { rateLimit: { max: deps.config.RATE_LIMIT_COSTLY, timeWindow: '1 minute' } },
      schema: { tags, params: slugParams, body: publicAcceptRequest, ...documented({ 200: doneResponse }, [404, 409]) },
    },
    async (request) => {
      const { journal, invitation } = await linked(request, request.params.slug, request.body);
      await reviewer.accept(deps, journal, invitation.id, request.body.password);
      return done(request.language, 'messages.invitationAccepted');
    },
  );

  app.post(
    `${links}/refuse`,
    {
      config: { rateLimit: { max: deps.config.RATE_LIMIT_COSTLY, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: slugParams,
        body: publicRefusalRequest,
        ...documented({ 200: doneResponse }, [404, 409]),
      },
    },
    async (request) => {
      const { journal, invitation } = await linked(request, request.params.slug, request.body);
      await reviewer.refuse(deps, journal, invitation.id, request.body, true);
      return done(request.language, 'messages.invitationRefused');
    },
  );

  /** Streams a stored file the caller has been allowed. */
  const download = async (
    reply: FastifyReply,
    file: { storageKey: string; mimeType: string; originalName: string },
  ) => {
    const stored = await deps.storage.get(file.storageKey);
    if (!stored) throw NotFoundError();
    return sendFile(reply, file, stored, 'private, no-store');
  };
}

/** The review form: its fields as JSON in the `review` part, and the two optional attachments. */
function reviewUpload(request: FastifyRequest) {
  return parsing(async () => {
    let fields: unknown = undefined;
    const uploads: Partial<Record<ReviewAttachmentSlot, Upload<ReviewAttachmentSlot>>> = {};
    if (!request.isMultipart()) return { fields: request.body, uploads };
    for await (const part of request.parts({ limits: { files: REVIEW_ATTACHMENT_SLOTS.length, fields: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'review' && typeof part.value === 'string') {
          try {
            fields = JSON.parse(part.value);
          } catch {
            throw new AppError('validation', 'errors.validation', { Review: ['validation.invalid'] });
          }
        }
        continue;
      }
      const slot = REVIEW_ATTACHMENT_SLOTS.find((candidate) => candidate === part.fieldname);
      if (!slot) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      uploads[slot] = await readRuledUpload(part, slot, REVIEW_ATTACHMENT_RULE);
    }
    return { fields, uploads };
  });
}
