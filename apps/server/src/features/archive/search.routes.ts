import { searchQuery, searchResponse } from '@journals/core/schemas/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findJournal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { searchPapers } from './search.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** The public search of a journal's archive (issue 21 §4): anyone may search what is published. */
export function registerSearchRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/journals/:slug/search',
    {
      schema: {
        tags: ['archive'],
        summary: "Searches the journal's published papers: words, authors, keyword and specialization facets.",
        params: slugParams,
        querystring: searchQuery,
        response: { 200: searchResponse },
        // 503: the searches' line is full (decision 0074), with Retry-After.
        ...documented({}, [400, 404, 503]),
      },
    },
    async (request) => {
      const journal = await findJournal(deps, request.params.slug);
      return searchPapers(deps, journal, request.query, request.language);
    },
  );
}
