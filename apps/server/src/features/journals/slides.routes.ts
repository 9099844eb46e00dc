import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import {
  SLIDE_IMAGE_RULE,
  slideOrderRequest,
  slideRow,
  sliderStateRequest,
  slidesResponse,
} from '@journals/core/schemas/slides';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { readImageForm } from '../../lib/image-form';
import { documented, file } from '../../lib/openapi';
import { sendStoredImage } from './images';
import {
  addSlide,
  deleteSlide,
  editSlide,
  listSlides,
  reorderSlides,
  slideImageKey,
  switchSlider,
} from './slides.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const itemParams = slugParams.extend({ id });
const readSlideForm = (request: FastifyRequest) => readImageForm(request, ['image'] as const, SLIDE_IMAGE_RULE);

/** Who edits the news slider (issue 22 §5): the editor panel's people, as the drawer's screen. */
const sliderEditor = async (deps: Deps, request: FastifyRequest, slug: string) =>
  (await screenCaller(deps, request, slug, 'slider')).journal;

/** The news slider screen (spec 03 "Slide", §4–§5; issue 22 §2). */
export function registerSlideRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal settings'];
  const base = '/api/journals/:slug/slides';
  const said = (request: FastifyRequest, messageKey: string) => ({
    messageKey,
    message: translate(request.language, messageKey),
  });

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: slidesResponse }, [401, 403, 404]) } },
    async (request) => ({ items: await listSlides(deps, await sliderEditor(deps, request, request.params.slug)) }),
  );

  // multipart/form-data: `data` (the JSON of core slideRequest) and the file `image`.
  app.post(
    base,
    {
      schema: {
        tags,
        params: slugParams,
        consumes: ['multipart/form-data'],
        ...documented({ 201: slideRow }, [400, 401, 403, 404, 409, 413, 415]),
      },
    },
    async (request, reply) => {
      const journal = await sliderEditor(deps, request, request.params.slug);
      const row = await addSlide(deps, journal, await readSlideForm(request));
      reply.code(201);
      return row;
    },
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        params: slugParams,
        body: slideOrderRequest,
        ...documented({ 200: slidesResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => ({
      items: await reorderSlides(deps, await sliderEditor(deps, request, request.params.slug), request.body.ids),
    }),
  );

  app.put(
    `${base}/state`,
    {
      schema: {
        tags,
        params: slugParams,
        body: sliderStateRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await switchSlider(deps, await sliderEditor(deps, request, request.params.slug), request.body.enabled);
      return said(request, request.body.enabled ? 'slides.switched_on' : 'slides.switched_off');
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: itemParams,
        consumes: ['multipart/form-data'],
        ...documented({ 200: slideRow }, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      const journal = await sliderEditor(deps, request, request.params.slug);
      return editSlide(deps, journal, request.params.id, await readSlideForm(request));
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: itemParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      await deleteSlide(deps, await sliderEditor(deps, request, request.params.slug), request.params.id);
      return said(request, 'slides.deleted');
    },
  );

  // The picture of any slide, shown or hidden, for the screen's list and preview.
  app.get(
    `${base}/:id/image`,
    {
      schema: {
        tags,
        params: itemParams,
        ...documented({ 200: file('The picture.', ['image/*']) }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const journal = await sliderEditor(deps, request, request.params.slug);
      return sendStoredImage(
        deps,
        reply,
        await slideImageKey(deps, journal, request.params.id),
        'private, max-age=300',
      );
    },
  );
}
