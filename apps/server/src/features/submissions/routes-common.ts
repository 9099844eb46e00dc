import { id } from '@journals/core/schemas/fields';
import { z } from 'zod';

/** The parameters every submissions route names: the journal, the paper, the file. */
export const slugParams = z.object({ slug: z.string().min(1).max(60) });
export const paperParams = slugParams.extend({ id });
export const fileParams = paperParams.extend({ fileId: id });
