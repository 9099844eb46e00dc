import { describe, expect, it } from 'vitest';
import { archivedPaperRequest, archivedPaperRequestKeeping } from '../src/schemas/archive-management';

/** Decision 0083: an abstract kept as stored is not held to the word limits; one changed or new is (spec 03 §5). */
const form = (abstractEn: string) => ({
  paperType: 1,
  titleEn: 'A paper brought in from another system',
  titleAr: '',
  abstractEn,
  abstractAr: '',
  correspondingAuthor: 'Layla Haddad',
  specializationIds: [1],
  keywords: ['water'],
  fromPage: 1,
  toPage: 9,
  orderInIssue: 1,
});
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);

describe('the archived paper’s abstracts', () => {
  const short = 'A short abstract of eight words, as imported.';
  it('refuses a short abstract when nothing is kept', () => {
    expect(issuesOf(archivedPaperRequest.safeParse(form(short)))).toEqual(['abstractEn validation.abstract_words']);
  });
  it('keeps a short abstract exactly as stored, and refuses it once changed', () => {
    const kept = archivedPaperRequestKeeping({ abstractEn: short, abstractAr: '' });
    expect(issuesOf(kept.safeParse(form(short)))).toEqual([]);
    expect(issuesOf(kept.safeParse(form(`${short} Edited.`)))).toEqual(['abstractEn validation.abstract_words']);
  });
});
