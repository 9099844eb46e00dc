import { createHash } from 'node:crypto';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { verifyLegacyPassword } from '../src/features/imports/legacy-passwords';
import type { ImportedPerson } from '../src/features/imports/model';
import { ourRolesOf } from '../src/features/imports/ojs-roles';
import { readOjsUsers } from '../src/features/imports/ojs-users';
import { expectFileRefused, OJS_FIXTURES, readAll, xmlFile } from './ojs-reading';

/** The OJS Users XML reader, the role table and the old password hashes (issue 45 §1, decision 0077). */

const usersXml = join(OJS_FIXTURES, 'users.xml');

describe('an OJS Users XML export', () => {
  it('reads a person in English and Arabic with every field, their roles by their groups, and a bcrypt hash', async () => {
    const [amal] = await readAll(readOjsUsers, usersXml);
    expect(amal).toEqual({
      kind: 'person',
      place: [{ at: 'user', n: 1, name: 'amal' }],
      sourceId: 'ojs:user:amal',
      email: 'amal.haddad@uobaghdad.example',
      username: 'amal',
      givenName: { en: 'Amal', ar: 'أمل' },
      familyName: { en: 'Haddad', ar: 'حداد' },
      affiliation: { en: 'University of Baghdad', ar: 'جامعة بغداد' },
      country: 'IQ',
      phone: '+964 770 123 4567',
      orcid: '0000-0002-1825-0097',
      roles: ['Journal manager', 'Author'],
      interests: [],
      password: { kind: 'bcrypt', hash: expect.stringMatching(/^\$2y\$10\$/) },
    });
    const { hash } = (amal as ImportedPerson).password!;
    expect(await verifyLegacyPassword('Tigris-2021', { kind: 'bcrypt', hash }, 'amal')).toBe(true);
    expect(await verifyLegacyPassword('tigris-2021', { kind: 'bcrypt', hash }, 'amal')).toBe(false);
  });

  it('knows a group named in Arabic or renamed by its role, splits interests, and keeps no sha1 or md5 hash', async () => {
    const [, sara, karim] = await readAll(readOjsUsers, usersXml);
    expect(sara).toMatchObject({
      place: [{ at: 'user', n: 2, name: 'sara' }],
      givenName: { en: '', ar: 'سارة' },
      familyName: { en: '', ar: 'النجار' },
      affiliation: { en: '', ar: 'جامعة الكوفة' },
      orcid: null,
      // "محكّم" is the Reviewer group, "Guest editor" a section editor group (role 17).
      roles: ['Reviewer', 'Section editor'],
      interests: ['هيدرولوجيا', 'water resources', 'Hydrology'],
      password: null,
    });
    expect(karim).toMatchObject({ roles: ['Reviewer', 'Reader', 'Assistant'], country: '', password: null });
  });

  it('refuses a person without a valid e-mail with their place', async () => {
    const records = await readAll(readOjsUsers, usersXml);
    expect(records).toHaveLength(5);
    expect(records[3]).toEqual({
      kind: 'refused',
      place: [{ at: 'user', n: 4, name: 'nobody' }],
      reason: 'importOjs.noEmail',
    });
  });

  it('refuses a file that is not a Users XML, and a DOCTYPE with entities', async () => {
    await expectFileRefused(readAll(readOjsUsers, await xmlFile('<issues/>')), 'importOjs.notUsers', {
      element: 'issues',
    });
    const bomb = '<!DOCTYPE PKPUsers [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><PKPUsers>&b;</PKPUsers>';
    await expectFileRefused(readAll(readOjsUsers, await xmlFile(bomb)), 'importOjs.entitiesRefused');
  });
});

describe('the OJS role table', () => {
  it('maps OJS roles to ours: a journal manager an editor (journal manager type), a section editor a handling editor', () => {
    expect(ourRolesOf(['Journal manager', 'Author'])).toEqual([
      { role: 'editor', editorType: 0 },
      { role: 'researcher' },
    ]);
    expect(ourRolesOf(['Reviewer', 'Section editor'])).toEqual([{ role: 'reviewer' }, { role: 'handlingEditor' }]);
    // Never both editor and handling editor (our rules); a site administrator gains nothing.
    expect(ourRolesOf(['Section editor', 'Journal editor'])).toEqual([{ role: 'editor', editorType: 0 }]);
    expect(ourRolesOf(['Site administrator'])).toEqual([{ role: 'researcher' }]);
    expect(ourRolesOf(['مدير المجلة', 'محكّم', 'Some custom group'])).toEqual([
      { role: 'editor', editorType: 0 },
      { role: 'reviewer' },
    ]);
  });
});

describe('an old password hash checked at a first sign-in', () => {
  it('checks bcrypt as PHP writes it ($2y$) and as bcryptjs does ($2b$)', async () => {
    const php = bcrypt.hashSync('Sadr City 1', 4).replace(/^\$2b\$/, '$2y$');
    expect(await verifyLegacyPassword('Sadr City 1', { kind: 'bcrypt', hash: php }, 'x')).toBe(true);
    expect(await verifyLegacyPassword('Sadr City 2', { kind: 'bcrypt', hash: php }, 'x')).toBe(false);
    const node = bcrypt.hashSync('كلمة السر', 4);
    expect(await verifyLegacyPassword('كلمة السر', { kind: 'bcrypt', hash: node }, 'x')).toBe(true);
  });

  it('checks OJS 2 sha1 and md5 of username + password, and refuses a hash of another kind than it says', async () => {
    const sha1 = createHash('sha1').update('saraEuphrates-1999').digest('hex');
    const md5 = createHash('md5').update('karimBasra-2005').digest('hex');
    expect(await verifyLegacyPassword('Euphrates-1999', { kind: 'sha1', hash: sha1 }, 'sara')).toBe(true);
    expect(await verifyLegacyPassword('Euphrates-1999', { kind: 'sha1', hash: sha1 }, 'other')).toBe(false);
    expect(await verifyLegacyPassword('Basra-2005', { kind: 'md5', hash: md5.toUpperCase() }, 'karim')).toBe(true);
    expect(await verifyLegacyPassword('Basra-2005', { kind: 'sha1', hash: md5 }, 'karim')).toBe(false);
    expect(await verifyLegacyPassword('', { kind: 'bcrypt', hash: 'not a hash' }, 'karim')).toBe(false);
  });
});
