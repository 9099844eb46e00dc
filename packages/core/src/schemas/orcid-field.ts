import { z } from 'zod';
import { readOrcid } from '../rules/orcid';

/*
 * A module of its own, not fields.ts: the public pages' forms (registration, sign-in) read fields.ts, and the ORCID
 * check digit's code has no business in their first load (e2e first-load.spec's budget).
 */

/**
 * An author's ORCID iD as a form gives it (issue 46 §3): optional ('', null or absent is none, kept as ''), the bare iD or
 * its URL, normalised to the bare iD; a wrong shape or check digit is refused with its reason.
 */
export const optionalOrcid = z
  .string({ error: 'validation.valid_orcid' })
  .max(100, { error: 'validation.valid_orcid', abort: true })
  .nullish()
  .transform((value, context) => {
    if (value == null || value.trim() === '') return '';
    const read = readOrcid(value);
    if ('orcid' in read) return read.orcid;
    context.addIssue({
      code: 'custom',
      message: read.fault === 'checksum' ? 'validation.orcid_checksum' : 'validation.valid_orcid',
    });
    return z.NEVER;
  });
