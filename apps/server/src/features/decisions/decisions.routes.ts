import { translate } from '@journals/core/i18n/index';
import { DECISION_ATTACHMENT_RULE } from '@journals/core/reviewing';
import { id } from '@journals/core/schemas/fields';
import { decisionFormResponse, decisionResponse, doneResponse } from '@journals/core/schemas/reviewing-responses';
import { finalDecisionRequest, refusePaperRequest } from '@journals/core/schemas/reviewing';
import { documented } from '../../lib/openapi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { signedInCaller } from '../../domain/journal-context';
import { managedPaper } from '../../domain/paper-access';
import { parsing, readRuledUpload, type Upload } from '../../lib/uploads';
import * as decisions from './decisions.service';

const paperParams = z.object({ slug: z.string().min(1).max(60), id });

/** The editor's decisions on a paper (issue 9 §4): direct refusal and the final decision. */
export function registerDecisionRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['decisions'];
  const base = '/api/journals/:slug/papers/:id';

  /** A paper whose review the caller runs (domain/paper-access `managedPaper`), with its journal and the caller. */
  const decidedPaper = async (request: FastifyRequest, slug: string, paperId: number) => {
    const { journal, user, caller } = await signedInCaller(deps, request, slug);
    return { journal, user, paper: await managedPaper(db, journal.id, caller, paperId) };
  };

  app.post(
    `${base}/refuse`,
    {
      schema: {
        tags,
        params: paperParams,
        body: refusePaperRequest,
        ...documented({ 200: doneResponse }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user, paper } = await decidedPaper(request, request.params.slug, request.params.id);
      await decisions.refusePaper(deps, journal, paper, user.id, request.body);
      return { messageKey: 'messages.paperRefused', message: translate(request.language, 'messages.paperRefused') };
    },
  );

  app.get(
    `${base}/decision-form`,
    { schema: { tags, params: paperParams, ...documented({ 200: decisionFormResponse }, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await decidedPaper(request, request.params.slug, request.params.id);
      return decisions.decisionForm(db, journal);
    },
  );

  app.post(
    `${base}/decision`,
    { schema: { tags, params: paperParams, ...documented({ 200: decisionResponse }, [401, 403, 404, 409]) } },
    async (request) => {
      const { journal, user, paper } = await decidedPaper(request, request.params.slug, request.params.id);
      const { fields, attachment } = await decisionUpload(request);
      const parsed = finalDecisionRequest.safeParse(fields);
      if (!parsed.success) throw new AppError('validation', 'errors.validation', fieldErrorsOf(parsed.error.issues));
      const result = await decisions.decide(deps, journal, paper, user.id, parsed.data, attachment);
      return {
        ...result,
        messageKey: 'messages.decisionSaved',
        message: translate(request.language, 'messages.decisionSaved'),
      };
    },
  );
}

/** The decision form: its fields as JSON in the `decision` part, and the optional attachment. */
function decisionUpload(request: FastifyRequest) {
  return parsing(async () => {
    let fields: unknown = undefined;
    let attachment: Upload<'decisionAttachment'> | undefined;
    if (!request.isMultipart()) return { fields: request.body, attachment };
    for await (const part of request.parts({ limits: { files: 1, fields: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'decision' && typeof part.value === 'string') {
          try {
            fields = JSON.parse(part.value);
          } catch {
            throw new AppError('validation', 'errors.validation', { Decision: ['validation.invalid'] });
          }
        }
        continue;
      }
      if (part.fieldname !== 'attachment') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      attachment = await readRuledUpload(part, 'decisionAttachment', DECISION_ATTACHMENT_RULE);
    }
    return { fields, attachment };
  });
}
