import { translate } from '@journals/core/i18n/index';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { id } from '@journals/core/schemas/fields';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '@journals/core/enums';
import { reviewInvitations } from '../../db/schema';
import { file } from '../../lib/openapi';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { journalContext, signedInCaller } from '../../domain/journal-context';
import { anonymousCopy } from '../../domain/paper-files';
import type { Paper } from '../../domain/paper-access';
import { sendAnonymisedFile, sendFile } from '../../lib/downloads';

/**
 * What the review loop's route files share (editor-review, reviewer, invitation-links): parameters, prefixes, the
 * answer of a done action, the route kit (app, database, caller, downloads) and the reviewer's way into a paper.
 */

export const slugParams = z.object({ slug: z.string().min(1).max(60) });
export const paperParams = slugParams.extend({ id });
export const paperInvitationParams = paperParams.extend({ invitationId: id });
export const invitationParams = slugParams.extend({ invitationId: id });

export const storedFile = file('The file, with its stored type and name (Content-Disposition).', ['*/*']);
export const done = (language: Language, key: string) => ({ messageKey: key, message: translate(language, key) });

export const tags = ['reviewing'];
export const PAPERS = '/api/journals/:slug/papers/:id';
export const MINE = '/api/journals/:slug/reviewing';

/**
 * What a route file of the review loop works with: the typed app, the database, the signed-in caller of a journal
 * and the downloads of a stored file the caller has been allowed (as stored, or anonymised).
 */
export function routeKit(root: FastifyInstance, deps: Deps) {
  return {
    app: root.withTypeProvider<ZodTypeProvider>(),
    db: deps.db,
    context: (request: FastifyRequest, slug: string) => signedInCaller(deps, request, slug),
    download: async (reply: FastifyReply, file: { storageKey: string; mimeType: string; originalName: string }) => {
      const stored = await deps.storage.get(file.storageKey);
      if (!stored) throw NotFoundError();
      return sendFile(reply, file, stored, 'private, no-store');
    },
    /** A download for the other side of the anonymous review: a neutral name, the copy without author details. */
    downloadAnonymised: async (
      reply: FastifyReply,
      file: { storageKey: string; mimeType: string; kind: string },
      name: { shown: string; ascii: string },
    ) => {
      const stored = await anonymousCopy(deps.storage, file);
      if (!stored) throw NotFoundError();
      return sendAnonymisedFile(reply, file, name, stored);
    },
  };
}

/** The caller's own current invitation on a paper (not refused), or 404: the reviewer's way into a paper. */
export async function ownPaperInvitation(
  deps: Deps,
  slug: string,
  userId: number,
  paperId: number,
  request: FastifyRequest,
) {
  const { journal } = await journalContext(deps, request, slug);
  const [invitation] = await deps.db
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
}
