import { describe, expect, it } from 'vitest';
import { canEditDraft, canReadPaper, canResubmit, paperRelation } from '../src/rules/papers';
import { type Actor, GUEST } from '../src/rules/permissions';

const actor = (roles: Actor['roles'], editorType: number | null = null): Actor => ({
  roles,
  editorType,
  isPlatformAdmin: false,
});
const submitted = { creatorId: 1, status: 1, specializationId: 10 };
const draft = { ...submitted, status: 0 };

describe('who may read a paper (DESIGN §3)', () => {
  it('lets the creator read their paper, draft or not', () => {
    expect(canReadPaper(actor(['researcher']), draft, 1)).toBe(true);
    expect(canReadPaper(actor(['researcher']), submitted, 1)).toBe(true);
  });

  it('lets editors read every submitted paper, and handling editors those of their specializations', () => {
    expect(canReadPaper(actor(['editor'], 2), submitted, 5)).toBe(true);
    expect(canReadPaper(actor(['handlingEditor']), submitted, 5, [10])).toBe(true);
    expect(canReadPaper(actor(['handlingEditor']), submitted, 5, [11])).toBe(false);
  });

  it('keeps drafts from editors, and papers from other researchers, reviewers and guests', () => {
    expect(canReadPaper(actor(['editor'], 0), draft, 5)).toBe(false);
    expect(canReadPaper(actor(['researcher']), submitted, 2)).toBe(false);
    expect(canReadPaper(actor(['reviewer']), submitted, 2)).toBe(false);
    expect(canReadPaper(GUEST, submitted, null)).toBe(false);
  });
});

describe('who may change a paper', () => {
  it('lets only the creator edit, and resubmit only at status 5', () => {
    expect(canEditDraft(draft, 1)).toBe(true);
    expect(canEditDraft(draft, 2)).toBe(false);
    expect(canResubmit({ ...submitted, status: 5 }, 1)).toBe(true);
    expect(canResubmit({ ...submitted, status: 5 }, 2)).toBe(false);
    expect(canResubmit({ ...submitted, status: 5, superseded: true }, 1)).toBe(false);
    expect(canResubmit(submitted, 1)).toBe(false);
  });
});

describe('who runs a paper (issue 19 §1: per paper, never its authors)', () => {
  it("lets editors and the handling editors of the paper's field run it", () => {
    expect(paperRelation({ actor: actor(['editor'], 2), userId: 5 }, submitted)).toEqual({
      author: false,
      manages: true,
      reads: true,
    });
    expect(
      paperRelation({ actor: actor(['handlingEditor']), userId: 5, handledSpecializations: [10] }, submitted),
    ).toMatchObject({ manages: true });
    expect(
      paperRelation({ actor: actor(['handlingEditor']), userId: 5, handledSpecializations: [11] }, submitted),
    ).toMatchObject({ manages: false, reads: false });
  });

  it('never lets its creator or a co-author run it, whatever their roles', () => {
    const creatorEditor = { actor: actor(['researcher', 'handlingEditor']), userId: 1, handledSpecializations: [10] };
    expect(paperRelation(creatorEditor, submitted)).toEqual({ author: true, manages: false, reads: true });
    const coAuthorEditor = { actor: actor(['editor'], 0), userId: 7, coAuthor: true };
    expect(paperRelation(coAuthorEditor, submitted)).toEqual({ author: true, manages: false, reads: false });
    expect(canReadPaper(actor(['editor'], 0), submitted, 7, [], true)).toBe(false);
  });
});
