import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import { customTabRequest, customTabsAdminResponse } from '@journals/core/schemas/custom-tabs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { addCustomTab, customTabTree, deleteCustomTab, editCustomTab } from './custom-tabs.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const itemParams = slugParams.extend({ id });
const tabAnswer = z.object({ message: z.string(), messageKey: z.string(), id: z.number(), slug: z.string() });

/** Who edits the custom tabs (issue 22 §5): the editor panel's people, as the drawer's screen. */
const tabsEditor = async (deps: Deps, request: FastifyRequest, slug: string) =>
  (await screenCaller(deps, request, slug, 'customTabs')).journal;

/** The custom tabs screen (spec 03 "Custom tab", §4–§5; issue 22 §2). */
export function registerCustomTabRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal settings'];
  const base = '/api/journals/:slug/custom-tabs';

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: customTabsAdminResponse }, [401, 403, 404]) } },
    async (request) => ({ items: await customTabTree(deps, await tabsEditor(deps, request, request.params.slug)) }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: slugParams,
        body: customTabRequest,
        ...documented({ 201: tabAnswer }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const tab = await addCustomTab(deps, await tabsEditor(deps, request, request.params.slug), request.body);
      reply.code(201);
      return {
        id: tab.id,
        slug: tab.slug,
        messageKey: 'customTabs.created',
        message: translate(request.language, 'customTabs.created'),
      };
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: itemParams,
        body: customTabRequest,
        ...documented({ 200: tabAnswer }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const journal = await tabsEditor(deps, request, request.params.slug);
      const tab = await editCustomTab(deps, journal, request.params.id, request.body);
      return {
        id: tab.id,
        slug: tab.slug,
        messageKey: 'customTabs.saved',
        message: translate(request.language, 'customTabs.saved'),
      };
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: itemParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      await deleteCustomTab(deps, await tabsEditor(deps, request, request.params.slug), request.params.id);
      return { messageKey: 'customTabs.deleted', message: translate(request.language, 'customTabs.deleted') };
    },
  );
}
