import { describe, expect, it } from 'vitest';
import { bareOrcid, orcidCheckDigit, readOrcid } from '../src/rules/orcid';
import { authorSchema, draftAuthor } from '../src/schemas/paper-people';

describe('ORCID iD', () => {
  it('accepts a valid iD and gives it back bare', () => {
    expect(readOrcid('0000-0002-1825-0097')).toEqual({ orcid: '0000-0002-1825-0097' });
    expect(orcidCheckDigit('000000021825009')).toBe('7');
  });

  it('refuses an iD whose check digit does not match', () => {
    expect(readOrcid('0000-0002-1825-0098')).toEqual({ fault: 'checksum' });
    expect(bareOrcid('0000-0002-1825-0098')).toBeNull();
  });

  it('accepts X as the check digit, in either case', () => {
    expect(orcidCheckDigit('000000021694233')).toBe('X');
    expect(bareOrcid('0000-0002-1694-233X')).toBe('0000-0002-1694-233X');
    expect(bareOrcid('0000-0002-1694-233x')).toBe('0000-0002-1694-233X');
    expect(readOrcid('0000-0002-1694-2330')).toEqual({ fault: 'checksum' });
  });

  it('reads the URL form and the iD without hyphens', () => {
    expect(bareOrcid('https://orcid.org/0000-0002-1825-0097')).toBe('0000-0002-1825-0097');
    expect(bareOrcid(' http://www.orcid.org/0000-0002-1825-0097/ ')).toBe('0000-0002-1825-0097');
    expect(bareOrcid('orcid.org/0000000218250097')).toBe('0000-0002-1825-0097');
  });

  it('refuses what is no iD at all', () => {
    for (const text of ['0000-0002-1825', 'https://example.org/0000-0002-1825-0097', 'X000-0002-1825-0097', 'abc']) {
      expect(readOrcid(text)).toEqual({ fault: 'shape' });
    }
  });

  it("an author's form gives the bare iD, none for an empty field, and the reason of a wrong one", () => {
    const author = { fullName: 'A', email: 'a@b.co', phone: '0101234567', workPlace: 'W' };
    expect(authorSchema.parse({ ...author, orcid: 'https://orcid.org/0000-0002-1825-0097' }).orcid).toBe(
      '0000-0002-1825-0097',
    );
    expect(authorSchema.parse(author).orcid).toBe('');
    // A form sends back what it loaded: none is '' or null.
    expect(authorSchema.parse({ ...author, orcid: null }).orcid).toBe('');
    const bad = draftAuthor.safeParse({ orcid: '0000-0002-1825-0098' });
    expect(bad.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['orcid'], 'validation.orcid_checksum'],
    ]);
    expect(draftAuthor.safeParse({ orcid: '1234' }).error?.issues[0]?.message).toBe('validation.valid_orcid');
    // Whether an iD is authenticated is never taken from a form.
    expect(draftAuthor.parse({ orcid: '0000-0002-1825-0097', orcidAuthenticated: true })).not.toHaveProperty(
      'orcidAuthenticated',
    );
  });
});
