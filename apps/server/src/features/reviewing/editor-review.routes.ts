import { nameForAuthor } from '@journals/core/file-names';
import { hasFinalDecision } from '@journals/core/rules/workflow';
import { id } from '@journals/core/schemas/fields';
import { candidatesQuery, deadlineRequest, inviteReviewerRequest } from '@journals/core/schemas/reviewing';
import {
  candidatesResponse,
  doneResponse,
  inviteResponse,
  reviewerCommentsResponse,
  reviewersResponse,
  reviewResultResponse,
} from '@journals/core/schemas/reviewing-responses';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reviewInvitations } from '../../db/schema';
import { documented, noContent } from '../../lib/openapi';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { managedPaper, paperFor } from '../../domain/paper-access';
import { candidates } from './reviewer-candidates.service';
import { editDeadline, remove } from './invitation-changes.service';
import { invite } from './invite-reviewer.service';
import { reviewFile, reviewersOf } from './reviewers-section.service';
import { reviewResult } from './review-result.service';
import { commentsForAuthor, reviewerNumber } from '../../domain/reviews';
import {
  ownPaperInvitation,
  done,
  PAPERS,
  paperInvitationParams,
  paperParams,
  routeKit,
  storedFile,
  tags,
} from './routes-common';

/** No paper for this caller: what the reviewer's and the creator's ways in start from. */
const NO_PAPER = { paper: null, relation: { author: false, manages: false, reads: false } } as const;

/** The editor's side of the review loop on a paper (issue 9 §1): reviewers, invitations, deadlines, reviews. */
export function registerEditorReviewRoutes(root: FastifyInstance, deps: Deps) {
  const { app, db, context, download, downloadAnonymised } = routeKit(root, deps);
  const papers = PAPERS;

  /** A paper whose review the caller runs (domain/paper-access `managedPaper`), with its journal and the caller. */
  const reviewedPaper = async (request: FastifyRequest, slug: string, paperId: number) => {
    const { journal, user, caller } = await context(request, slug);
    return { journal, user, caller, paper: await managedPaper(db, journal.id, caller, paperId) };
  };

  app.get(
    `${papers}/reviewers`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewersResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user, caller } = await context(request, request.params.slug);
      const { paper, relation } = await paperFor(db, journal.id, caller, request.params.id).catch(() => NO_PAPER);
      if (paper && relation.manages) return { items: await reviewersOf(db, paper, null) };
      // A reviewer reads their own invitation on the paper, nothing of anyone else's.
      const own = await ownPaperInvitation(deps, request.params.slug, user.id, request.params.id, request);
      return { items: await reviewersOf(db, own.paper, user.id) };
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
      return candidates(db, journal, paper, request.query.specializationId, request.query.search);
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
      const result = await invite(deps, journal, paper, user.id, request.body, request.language);
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
      await remove(deps, journal, paper, user.id, request.params.invitationId);
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
      await editDeadline(deps, journal, paper, user.id, request.params.invitationId, request.body.deadline);
      return done(request.language, 'messages.deadlineChanged');
    },
  );

  /**
   * Who reads a review: those who run the paper's review, and its own reviewer. `manager` says whether the
   * caller runs it (sees the editor's part).
   */
  const readableReview = async (request: FastifyRequest, slug: string, paperId: number, invitationId: number) => {
    const { journal, user, caller } = await context(request, slug);
    const { paper, relation } = await paperFor(db, journal.id, caller, paperId).catch(() => NO_PAPER);
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
    const manager = relation.manages;
    const own = invitation.reviewerId === user.id;
    // The creator reads what is meant for the author (comments, attachment), never the review as such.
    const author = paper !== null && relation.reads && !manager;
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
      return reviewResult(db, invitation, { manager, reviewer: own });
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
      const file = await reviewFile(db, invitation.id, request.params.fileId);
      const authorMay = author && paper !== null && hasFinalDecision(paper.status) && file.kind === 'reviewForAuthor';
      if (!manager && !own && !authorMay) throw NotFoundError();
      if (manager || own) return download(reply, file);
      // The author receives a reviewer's attachment as "Reviewer n", without its author details (DESIGN §3).
      const number = await reviewerNumber(db, invitation.paperId, invitation.id);
      if (number === null) throw NotFoundError();
      return downloadAnonymised(reply, file, {
        shown: nameForAuthor(request.language, number, file.originalName),
        ascii: nameForAuthor('en', number, file.originalName),
      });
    },
  );

  /** The reviewers' comments for the paper's author: to its author once decided, and to those who run it. */
  app.get(
    `${papers}/reviewer-comments`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewerCommentsResponse }, [401, 404]) } },
    async (request) => {
      const { journal, caller } = await context(request, request.params.slug);
      const { paper, relation } = await paperFor(db, journal.id, caller, request.params.id);
      if (!relation.reads) throw NotFoundError();
      const decided = hasFinalDecision(paper.status);
      if (!decided && !relation.manages) return { decided, items: [] };
      // The author reads each attachment's neutral name; those who run the review, its original one.
      return { decided, items: await commentsForAuthor(db, paper.id, relation.manages ? undefined : request.language) };
    },
  );
}
