import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/limits';
import { translate } from '../src/i18n/index';
import {
  CODE_PREFIX_SHAPE,
  issuedCodePrefix,
  PAPER_LIMITS,
  PROPOSAL_CODE_EXAMPLE,
  PROPOSAL_CODE_SHAPE,
} from '../src/papers';
import { journalDataRequest } from '../src/schemas/journal-data';
import { paperDraftRequest } from '../src/schemas/submissions';

/** The codes the platform issues and the codes an author may type agree (docs/decisions/0011). */

const proposalCodeError = (code: string) => {
  const result = paperDraftRequest.safeParse({ original_Proposal_Code: code });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'original_Proposal_Code')?.message;
};

describe('the original proposal code', () => {
  it.each(['en', 'ar'] as const)(
    'shows one example, a code of the rule, in the hint and the error (%s)',
    (language) => {
      expect(PROPOSAL_CODE_SHAPE.test(PROPOSAL_CODE_EXAMPLE)).toBe(true);
      expect(proposalCodeError(PROPOSAL_CODE_EXAMPLE)).toBeUndefined();
      for (const key of ['submissions.original_code_hint', 'validation.proposalCode_format']) {
        const codes = translate(language, key).match(/[A-Z][A-Z0-9]*\.\d+\.\d+(\.\d+)?/g);
        expect(codes, key).toEqual([PROPOSAL_CODE_EXAMPLE]);
      }
    },
  );

  it.each(['JAS.26.09.1', 'NURS.26.01.123', 'REC2.26.11.7', 'MS.19.10.22', 'ABCDE.26.12.9999'])(
    'accepts %s',
    (code) => {
      expect(PROPOSAL_CODE_SHAPE.test(code)).toBe(true);
      expect(proposalCodeError(code)).toBeUndefined();
    },
  );

  it.each([
    ['lowercase', 'jas.26.09.1'],
    ['a 6-letter prefix', 'ABCDEF.26.09.1'],
    ['a prefix starting with a digit', '2REC.26.09.1'],
    ['a 5-digit number', 'JAS.26.09.12345'],
    ['no number', 'JAS.26.09'],
    ['no month', 'JAS.26.1'],
    ['no prefix', '26.09.1'],
    ['a one-digit year', 'JAS.6.09.1'],
  ])('refuses %s (%s)', (_what, code) => {
    expect(PROPOSAL_CODE_SHAPE.test(code)).toBe(false);
    expect(proposalCodeError(code)).toBe('validation.proposalCode_format');
  });

  it('allows exactly the longest code in the field (the web input has the same maxLength)', () => {
    const longest = `${'A'.repeat(LIMITS.codePrefix)}.26.12.9999`;
    expect(PROPOSAL_CODE_SHAPE.test(longest)).toBe(true);
    expect(longest.length).toBe(PAPER_LIMITS.proposalCode);
  });

  it('is what the platform issues, from a code prefix or from the slug', () => {
    expect(issuedCodePrefix('JAS', 'general')).toBe('JAS');
    expect(issuedCodePrefix(null, 'ethics')).toBe('ETH');
    expect(issuedCodePrefix('', '2nd-journal')).toBe('NDJ');
    for (const prefix of [issuedCodePrefix('REC2', 'x'), issuedCodePrefix(null, 'a-b'), issuedCodePrefix(null, '42')]) {
      expect(PROPOSAL_CODE_SHAPE.test(`${prefix}.26.09.1234`)).toBe(true);
    }
  });
});

describe("a journal's code prefix", () => {
  const prefixError = (codePrefix: string) => {
    const result = journalDataRequest.shape.codePrefix.safeParse(codePrefix);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('is a capital letter and up to four capitals or digits, as the demo journals have', () => {
    for (const prefix of ['JAS', 'REC', 'NURS', 'REC2', 'A', 'ABCDE']) {
      expect(CODE_PREFIX_SHAPE.test(prefix)).toBe(true);
      expect(prefixError(prefix)).toBeUndefined();
    }
    expect(prefixError('')).toBeUndefined();
  });

  it('refuses lowercase, a leading digit, punctuation and more than five characters', () => {
    expect(prefixError('jas')).toBe('validation.codePrefix_format');
    expect(prefixError('2REC')).toBe('validation.codePrefix_format');
    expect(prefixError('RE-C')).toBe('validation.codePrefix_format');
    expect(prefixError('ABCDEF')).toBe('validation.codePrefix_max');
  });
});
