import {
  REVIEW_ATTACHMENT_RULES,
  REVIEW_ATTACHMENT_SLOTS,
  REVIEW_STATUS,
  type ReviewAttachmentSlot,
} from '@journals/core/reviewing';
import { managesReview } from '@journals/core/rules/papers';
import { isEditor } from '@journals/core/rules/permissions';
import { id } from '@journals/core/schemas/fields';
import {
  deadlineRequest,
  refusalRequest,
  reviewDraftRequest,
  reviewerDashboardQuery,
  reviewSubmitRequest,
} from '@journals/core/schemas/reviewing';
import {
  doneResponse,
  draftSavedResponse,
  remindersResponse,
  reviewerDashboardResponse,
  reviewerPaperResponse,
  reviewResultResponse,
  sheetResponse,
} from '@journals/core/schemas/reviewing-responses';
import { remindersAnswer } from '@journals/core/editorial';
import { translate } from '@journals/core/i18n/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documented } from '../../lib/openapi';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf, ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireUser } from '../../domain/journal-context';
import { parsing, readRuledUpload, type Upload } from '../../lib/uploads';
import { accept, refuse } from './invitation-answer.service';
import { dashboard } from './reviewer-dashboard.service';
import { extendDeadline } from './deadline-extension.service';
import { ownInvitation } from './own-invitation';
import { remindLateReviewers } from './late-reviewers.service';
import { reviewResult } from './review-result.service';
import { reviewerFile, reviewerPaper } from './reviewer-paper.service';
import { saveDraft, sheet, submitReview } from './review-sheet.service';
import { today } from '../../domain/reviews';
import {
  ownPaperInvitation,
  done,
  invitationParams,
  MINE,
  paperParams,
  routeKit,
  slugParams,
  storedFile,
  tags,
} from './routes-common';

/** The reviewer's side of the review loop (issue 9 §2, §3): the dashboard, the paper, the answers, the review. */
export function registerReviewerRoutes(root: FastifyInstance, deps: Deps) {
  const { app, db, context, downloadAnonymised } = routeKit(root, deps);
  const mine = MINE;

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
      return dashboard(db, journal, user.id, request.query);
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
        const counts = await remindLateReviewers(deps, journal, user.id, handled, today());
        // What happened, as it is: reminded now, reminded within the hour and not again, or nobody late.
        const parts = remindersAnswer(counts.sent, counts.recentlyReminded);
        const message = parts.map((part) => translate(request.language, part.key, { count: part.count })).join(' ');
        return { ...counts, messageKey: parts[0]!.key, message };
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
    const invitation = await ownInvitation(db, journal, user.id, invitationId);
    if (invitation.status === REVIEW_STATUS.refused) throw NotFoundError();
    return { journal, user, invitation };
  };

  /** The paper as its reviewer reads it, through their own invitation (accepted, invited or reviewed). */
  app.get(
    `${mine}/papers/:id`,
    { schema: { tags, params: paperParams, ...documented({ 200: reviewerPaperResponse }, [401, 404]) } },
    async (request) => {
      const user = requireUser(request);
      const { journal, invitation } = await ownPaperInvitation(
        deps,
        request.params.slug,
        user.id,
        request.params.id,
        request,
      );
      return reviewerPaper(db, journal, invitation, request.language);
    },
  );

  app.get(
    `${mine}/papers/:id/files/:fileId`,
    { schema: { tags, params: paperParams.extend({ fileId: id }), ...documented({ 200: storedFile }, [401, 404]) } },
    async (request, reply) => {
      const user = requireUser(request);
      const { invitation } = await ownPaperInvitation(deps, request.params.slug, user.id, request.params.id, request);
      const { file, name } = await reviewerFile(db, invitation.paperId, request.params.fileId, request.language);
      return downloadAnonymised(reply, file, name);
    },
  );

  app.post(
    `${mine}/:invitationId/accept`,
    { schema: { tags, params: invitationParams, ...documented({ 200: doneResponse }, [401, 404, 409]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await ownInvitation(db, journal, user.id, request.params.invitationId);
      await accept(deps, journal, invitation.id);
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
      const invitation = await ownInvitation(db, journal, user.id, request.params.invitationId);
      await refuse(deps, journal, invitation.id, request.body);
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
      const invitation = await ownInvitation(db, journal, user.id, request.params.invitationId);
      await extendDeadline(deps, journal, invitation.id, request.body.deadline, today());
      return done(request.language, 'messages.deadlineExtended');
    },
  );

  app.get(
    `${mine}/:invitationId/sheet`,
    { schema: { tags, params: invitationParams, ...documented({ 200: sheetResponse }, [401, 404, 409]) } },
    async (request) => {
      const { journal, invitation } = await readingInvitation(
        request,
        request.params.slug,
        request.params.invitationId,
      );
      return sheet(db, journal, invitation);
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
      return saveDraft(db, invitation, request.body);
    },
  );

  app.post(
    `${mine}/:invitationId/review`,
    { schema: { tags, params: invitationParams, ...documented({ 200: doneResponse }, [401, 404, 409]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await ownInvitation(db, journal, user.id, request.params.invitationId);
      const { fields, uploads } = await reviewUpload(request);
      const parsed = reviewSubmitRequest.safeParse(fields);
      if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
      await submitReview(deps, journal, invitation.id, parsed.data, uploads);
      return done(request.language, 'messages.reviewSubmitted');
    },
  );

  app.get(
    `${mine}/:invitationId/result`,
    { schema: { tags, params: invitationParams, ...documented({ 200: reviewResultResponse }, [401, 404]) } },
    async (request) => {
      const { journal, user } = await context(request, request.params.slug);
      const invitation = await ownInvitation(db, journal, user.id, request.params.invitationId);
      return reviewResult(db, invitation, { manager: false, reviewer: true });
    },
  );
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
      uploads[slot] = await readRuledUpload(part, slot, REVIEW_ATTACHMENT_RULES[slot]);
    }
    return { fields, uploads };
  });
}
