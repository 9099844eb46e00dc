import { doneResponse, invitationLinkResponse } from '@journals/core/schemas/reviewing-responses';
import { invitationLink, publicAcceptRequest, publicRefusalRequest } from '@journals/core/schemas/reviewing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documented } from '../../lib/openapi';
import type { Deps } from '../../lib/deps';
import { journalContext } from '../../domain/journal-context';
import { accept, linkedInvitation, refuse } from './invitation-answer.service';
import { invitationOfLink } from './invitation-links';
import { done, routeKit, slugParams, tags } from './routes-common';

/** The invitation mail's signed links (issue 9 §2): no sign-in. */
export function registerInvitationLinkRoutes(root: FastifyInstance, deps: Deps) {
  const { app, db } = routeKit(root, deps);

  const links = '/api/journals/:slug/invitation-links';
  const linked = async (request: FastifyRequest, slug: string, link: { rId: number; pId: number; sig: string }) => {
    const { journal } = await journalContext(deps, request, slug);
    return { journal, ...(await linkedInvitation(db, journal, invitationOfLink(deps.config.SECRET, link))) };
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
      await accept(deps, journal, invitation.id, request.body.password);
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
      await refuse(deps, journal, invitation.id, request.body, true);
      return done(request.language, 'messages.invitationRefused');
    },
  );
}
