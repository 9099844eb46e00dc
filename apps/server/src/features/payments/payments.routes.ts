import { LANGUAGES, type Language } from '@journals/core/enums';
import { createPaymentRequest, createPaymentResponse, paymentStateResponse } from '@journals/core/schemas/payments';
import {
  paymentSettingsRequest,
  paymentSettingsResponse,
  withStoredKey,
} from '@journals/core/schemas/payment-settings';
import { messageResponse } from '@journals/core/schemas/accounts';
import { translate } from '@journals/core/i18n/index';
import { managesJournal } from '@journals/core/rules/permissions';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { ForbiddenError } from '../../lib/errors';
import { journalContext, requireUser } from '../../domain/journal-context';
import { documented } from '../../lib/openapi';
import { paymentSettingsOf } from './checkout.service';
import { findPayment, processCallback } from './payment-callback.service';
import * as service from './payments.service';
import { CLOSE_SCRIPT, checkoutPage, messagePage } from './sandbox-page';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const reference = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Payments (DESIGN §7, docs/decisions/0006-payments.md): checkout, polling, gateway callback, settings. */
export function registerPaymentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };

  app.post(
    '/api/journals/:slug/payments',
    {
      // The register purpose checks a password: limited like login.
      config: { rateLimit: { max: deps.config.RATE_LIMIT_AUTH, timeWindow: '1 minute' } },
      // A guest paying a paper's fee is told to log in before anything about the body is said.
      preValidation: async (request) => {
        if ((request.body as { purpose?: unknown } | null)?.purpose !== 'register') requireUser(request);
      },
      schema: {
        tags,
        params: slugParams,
        body: createPaymentRequest,
        response: { 200: createPaymentResponse },
        ...documented({}, [401, 404, 409]),
      },
    },
    async (request) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      return service.createPayment(deps, journal, request.user, request.body, request.language);
    },
  );

  // Anyone holding the (unguessable) reference may poll its state: the registrant is not signed in.
  app.get(
    '/api/journals/:slug/payments/:reference',
    {
      schema: {
        tags,
        params: slugParams.extend({ reference }),
        response: { 200: paymentStateResponse },
        ...documented({}, [404]),
      },
    },
    async (request) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      return service.paymentState(await findPayment(deps.db, journal.id, request.params.reference));
    },
  );

  // Called by the gateway (server to server): no session, no CSRF header; the signature is the proof.
  app.post(
    '/api/payments/callback/:provider',
    {
      config: { csrf: false },
      schema: {
        tags,
        params: z.object({ provider: z.string().min(1).max(40) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ reference: z.string(), state: z.enum(['paid', 'failed']) }) },
        ...documented({}, [404]),
      },
    },
    async (request) => {
      const outcome = await processCallback(deps, request.params.provider, request.body, request.headers);
      return { reference: outcome.reference, state: outcome.state };
    },
  );

  app.get(
    '/api/journals/:slug/payment-settings',
    {
      ...signedIn,
      schema: {
        tags,
        params: slugParams,
        response: { 200: paymentSettingsResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal, actor } = await journalContext(deps, request, request.params.slug);
      return service.getPaymentSettings(deps, journal, actor);
    },
  );

  app.put(
    '/api/journals/:slug/payment-settings',
    {
      // The role is checked before the body: 401 for a guest, 403 for a non-manager, then the rules (400).
      preValidation: async (request) => {
        requireUser(request);
        const { slug } = request.params as { slug: string };
        const { journal, actor } = await journalContext(deps, request, slug);
        if (!managesJournal(actor)) throw ForbiddenError();
        const stored = await paymentSettingsOf(deps, journal.id);
        request.body = withStoredKey(request.body, stored?.securityKey ?? '');
      },
      schema: {
        tags,
        params: slugParams,
        body: paymentSettingsRequest,
        response: { 200: messageResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal, actor } = await journalContext(deps, request, request.params.slug);
      await service.savePaymentSettings(deps, journal, actor, request.body);
      const messageKey = 'messages.paymentSettingsSaved';
      return { messageKey, message: translate(request.language, messageKey) };
    },
  );

  // Form bodies are parsed only for the gateway's own HTML form; every API route takes JSON (or a multipart upload).
  root.register(async (gateway) => {
    await gateway.register(formbody);
    registerSandboxPages(gateway, deps);
  });
}

/** The sandbox gateway's hosted page: server-rendered HTML, no inline script (CSP), bilingual. */
function registerSandboxPages(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const pageLanguage = (request: FastifyRequest, lang?: string): Language =>
    LANGUAGES.includes(lang as Language) ? (lang as Language) : request.language;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const hide = { hide: true };

  app.get('/pay/sandbox/close.js', { schema: hide }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CLOSE_SCRIPT),
  );

  app.get(
    '/pay/sandbox/:reference',
    {
      schema: {
        ...hide,
        params: z.object({ reference: z.string().max(200) }),
        querystring: z.object({ lang: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      const found = reference.safeParse(request.params.reference).success
        ? await service.sandboxCheckout(deps, request.params.reference, language)
        : null;
      if (!found) return html(reply, 404, messagePage(language, 'notFound'));
      if ('state' in found) {
        const text = found.state === 'paid' ? 'alreadyPaid' : 'alreadyClosed';
        return html(reply, 200, messagePage(language, text, { backUrl: found.backUrl }));
      }
      return html(reply, 200, checkoutPage(language, found.view));
    },
  );

  app.post(
    '/pay/sandbox/:reference/complete',
    {
      // The gateway's own form (its page is the gateway's, not ours): the signed token in the form is the proof.
      config: { csrf: false },
      schema: {
        ...hide,
        params: z.object({ reference: z.string().max(200) }),
        body: z.object({
          token: z.string().max(200).default(''),
          action: z.enum(['pay', 'cancel']).default('pay'),
          lang: z.string().max(5).optional(),
        }),
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request, request.body.lang);
      const { outcome, backUrl } = reference.safeParse(request.params.reference).success
        ? await service.sandboxComplete(deps, request.params.reference, request.body.token, request.body.action)
        : ({ outcome: 'notFound', backUrl: null } as const);
      const status = outcome === 'notFound' ? 404 : outcome === 'refused' ? 400 : 200;
      const close = outcome === 'paid' || outcome === 'cancelled' || outcome === 'alreadyPaid';
      return html(reply, status, messagePage(language, outcome, { close, backUrl }));
    },
  );
}
