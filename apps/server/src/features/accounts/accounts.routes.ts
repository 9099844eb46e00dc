import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import type { Actor } from '@journals/core/rules/permissions';
import {
  activateRequest,
  captchaChallenge,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  messageResponse,
  profileResponse,
  profileUpdateRequest,
  registerRequest,
  registerResponse,
  resendActivationRequest,
  resetPasswordRequest,
} from '@journals/core/schemas/accounts';
import { registrationInfo as registrationInfoSchema } from '@journals/core/schemas/journals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { isBannedIn } from '../../domain/journal-bans';
import { documented } from '../../lib/openapi';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/context';
import { actorIn, type Journal, journalContext, requireUser } from '../../domain/journal-context';
import { activate, register, registrationInfo, resendActivation } from './registration.service';
import { authenticate, endSession, startSession } from './sign-in.service';
import { forgotPassword, resetPassword } from './password-reset.service';
import { getProfile, updateProfile } from './profile.service';
import { newCaptchaChallenge } from './captcha';
import { throttleKeyOf, trustDevice } from '../../lib/login-throttle';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

export const message = (language: Language, messageKey: string) => ({
  messageKey,
  message: translate(language, messageKey),
});

/**
 * Starts an account's registration fee, or answers null when the journal charges none. It is the payments
 * feature's (features/payments/checkout.service.ts): app.ts hands it to the account routes, since features never
 * import each other.
 */
export type StartRegistrationPayment = (
  deps: Deps,
  journal: Journal,
  userId: number,
  language: Language,
) => Promise<{ paymentUrl: string; reference: string } | null>;

/**
 * The registration fee's checkout for the 201 answer (paymentUrl, paymentReference), or nothing when the journal
 * cannot take payments yet: the account exists either way and can pay later (docs/decisions/0006-payments.md).
 */
export async function registrationCheckout(
  startRegistrationPayment: StartRegistrationPayment,
  deps: Deps,
  journal: Journal,
  userId: number,
  language: Language,
) {
  try {
    const started = await startRegistrationPayment(deps, journal, userId, language);
    return started ? { paymentUrl: started.paymentUrl, paymentReference: started.reference } : {};
  } catch (error) {
    if (error instanceof AppError) return {};
    throw error;
  }
}

export function toSessionUser(user: NonNullable<FastifyRequest['user']>, actor: Actor) {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    jobTitle: user.jobTitle,
    membershipUntil: user.membershipUntil,
    isPlatformAdmin: user.isPlatformAdmin,
    roles: [...actor.roles],
    editorType: actor.editorType,
  };
}

export function registerAccountRoutes(
  root: FastifyInstance,
  deps: Deps,
  startRegistrationPayment: StartRegistrationPayment,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const authLimit = { rateLimit: { max: deps.config.RATE_LIMIT_AUTH, timeWindow: '1 minute' } };
  const tags = ['accounts'];

  app.get('/api/captcha', { schema: { tags, ...documented({ 200: captchaChallenge }) } }, async () =>
    newCaptchaChallenge(deps.config),
  );

  app.get(
    '/api/journals/:slug/me',
    { schema: { tags, params: slugParams, response: { 200: meResponse }, ...documented({}, [404]) } },
    async (request) => {
      const { actor } = await journalContext(deps, request, request.params.slug);
      return { user: request.user ? toSessionUser(request.user, actor) : null, csrfToken: request.csrfToken };
    },
  );

  app.get(
    '/api/journals/:slug/auth/register',
    { schema: { tags, params: slugParams, response: { 200: registrationInfoSchema }, ...documented({}, [404]) } },
    async (request) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      return registrationInfo(deps, journal);
    },
  );

  app.post(
    '/api/journals/:slug/auth/register',
    {
      config: authLimit,
      schema: {
        tags,
        params: slugParams,
        body: registerRequest,
        response: { 201: registerResponse },
        ...documented({}, [404]),
      },
    },
    async (request, reply) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      const { user, awaitingPayment } = await register(deps, journal, request.body, request.language);
      const payment = awaitingPayment
        ? await registrationCheckout(startRegistrationPayment, deps, journal, user.id, request.language)
        : {};
      return reply
        .status(201)
        .send({ ...message(request.language, 'messages.registered'), email: user.email, ...payment });
    },
  );

  app.post(
    '/api/journals/:slug/auth/resend',
    {
      config: authLimit,
      schema: {
        tags,
        params: slugParams,
        body: resendActivationRequest,
        response: { 200: messageResponse },
        ...documented({}, [404]),
      },
    },
    async (request) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      await resendActivation(deps, journal, request.body.email);
      return message(request.language, 'messages.activationResent');
    },
  );

  app.post(
    '/api/auth/activate',
    { config: authLimit, schema: { tags, body: activateRequest, response: { 200: messageResponse } } },
    async (request) => {
      const outcome = await activate(deps, request.body.userId, request.body.code);
      return message(request.language, `messages.${outcome}`);
    },
  );

  app.post(
    '/api/journals/:slug/auth/login',
    {
      config: authLimit,
      schema: { tags, params: slugParams, body: loginRequest, response: { 200: meResponse }, ...documented({}, [404]) },
    },
    async (request, reply) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      const user = await authenticate(deps, request.body, throttleKeyOf(deps, request, request.body.email));
      if (await isBannedIn(deps.db, journal.slug, user.id))
        throw new AppError('validation', 'errors.accountBannedHere');
      const session = await startSession(deps, user.id, request.sessionId);
      setSessionCookie(reply, deps.config, session.token, session.expiresAt);
      trustDevice(deps, reply, user.email);
      const actor = await actorIn(deps.db, journal.id, user);
      return { user: toSessionUser(user, actor), csrfToken: request.csrfToken };
    },
  );

  app.post('/api/auth/logout', { schema: { tags, response: { 200: messageResponse } } }, async (request, reply) => {
    await endSession(deps, request.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return message(request.language, 'messages.loggedOut');
  });

  app.post(
    '/api/journals/:slug/auth/forgot',
    {
      config: authLimit,
      schema: {
        tags,
        params: slugParams,
        body: forgotPasswordRequest,
        response: { 200: messageResponse },
        ...documented({}, [404]),
      },
    },
    async (request) => {
      const { journal } = await journalContext(deps, request, request.params.slug);
      await forgotPassword(deps, journal, request.body);
      return message(request.language, 'messages.resetSent');
    },
  );

  app.post(
    '/api/auth/reset',
    { config: authLimit, schema: { tags, body: resetPasswordRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      await resetPassword(deps, request.body);
      // Whoever holds the mailed link owns the account: this browser keeps a way in however many guesses others made.
      trustDevice(deps, reply, request.body.email);
      return message(request.language, 'messages.passwordReset');
    },
  );

  // A guest is told to log in (401) before anything about the body (400) is said.
  const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };

  app.get(
    '/api/journals/:slug/profile',
    {
      ...signedIn,
      schema: { tags, params: slugParams, response: { 200: profileResponse }, ...documented({}, [401, 404]) },
    },
    async (request) => {
      const user = requireUser(request);
      const { journal } = await journalContext(deps, request, request.params.slug);
      return getProfile(deps, journal, user);
    },
  );

  app.put(
    '/api/journals/:slug/profile',
    {
      ...signedIn,
      schema: {
        tags,
        params: slugParams,
        body: profileUpdateRequest,
        response: { 200: messageResponse },
        ...documented({}, [401, 404]),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { journal } = await journalContext(deps, request, request.params.slug);
      await updateProfile(deps, journal, user, request.sessionId, request.body);
      return message(request.language, 'messages.profileSaved');
    },
  );
}
