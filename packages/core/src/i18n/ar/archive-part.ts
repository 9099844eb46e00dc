import type { Catalogue } from '../catalogue';
import { archive } from './archive';
import { fullText } from './full-text';
import { invitation } from './invitation';
import { orcid } from './orcid';
import { search } from './search';

/**
 * The areas of the public archive's pages (the timeline, an issue, a paper, search, the full text): loaded with those
 * pages and the journal home, not with every page (the first-load budget).
 */
export const archivePart: Pick<Catalogue, 'archive' | 'search' | 'fullText'> = { archive, search, fullText };

/**
 * The pages reached from a link (the review invitation's signed links, the ORCID result and register pages) and the
 * profile's ORCID connection: their own areas, loaded with them.
 */
export const invitationPart: Pick<Catalogue, 'invitation' | 'orcid'> = { invitation, orcid };
