import { IMPORT_READ_LIMITS } from '@journals/core/limits';
import type { ImportedPerson, ImportedRecord, ImportReader, Place, ReaderInput } from './model';
import { ImportFileError } from './model';
import { affiliationOf, bareOrcid, child, children, emailOf, localized, textOf } from './ojs-fields';
import { groupKey, ojsRoleName } from './ojs-roles';
import { readXmlRecords, type XmlElement, type XmlShape } from './ojs-xml-stream';
import { legacyKindOf } from './legacy-passwords';

/**
 * The OJS Users XML reader (issue 45 §1, decision 0077): `<PKPUsers>` with its `<user_groups>` and `<users>`, read as
 * a stream, one person a record. A person's groups are named by their OJS role (ojs-roles.ts) when the file's
 * `<user_groups>` says which role each group is, else as written. Only a bcrypt password hash is carried over, and
 * not when OJS had disabled the account or asked for a new password (decision 0077).
 */

export const USERS_SHAPE: XmlShape = {
  roots: ['PKPUsers', 'users', 'user'],
  notThisKind: 'importOjs.notUsers',
  isRecord: (name, parent) =>
    (name === 'user' && (parent === null || parent.name === 'users')) ||
    (name === 'user_groups' && parent?.name === 'PKPUsers'),
  keepsEmbed: () => false,
};

/** Each group's names (every locale) to its role's name. */
function groupsOf(groups: XmlElement): Map<string, string> {
  const byName = new Map<string, string>();
  for (const group of children(groups, 'user_group')) {
    const role = ojsRoleName(Number(textOf(child(group, 'role_id'))));
    if (!role) continue;
    for (const name of children(group, 'name')) byName.set(groupKey(textOf(name)), role);
  }
  return byName;
}

function passwordOf(user: XmlElement): ImportedPerson['password'] {
  const password = child(user, 'password');
  const hash = textOf(child(password, 'value'));
  if (password?.attrs.is_disabled === 'true' || password?.attrs.must_change === 'true') return null;
  return legacyKindOf(hash) === 'bcrypt' ? { kind: 'bcrypt', hash } : null;
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

function readUser(user: XmlElement, place: Place, groups: Map<string, string>): ImportedRecord {
  const refuse = (reason: 'importOjs.noEmail' | 'importOjs.noName'): ImportedRecord => ({
    kind: 'refused',
    place,
    reason,
  });
  const locale = 'en';
  const email = emailOf(textOf(child(user, 'email')));
  if (!email) return refuse('importOjs.noEmail');
  const givenName = localized(user, 'givenname', locale, { anyLocale: true });
  if (!givenName.en && !givenName.ar) return refuse('importOjs.noName');
  const username = textOf(child(user, 'username')) || email;
  const country = textOf(child(user, 'country')).toUpperCase();
  return {
    kind: 'person',
    place,
    sourceId: `ojs:user:${username}`,
    email,
    username,
    givenName,
    familyName: localized(user, 'familyname', locale, { anyLocale: true }),
    affiliation: affiliationOf(user, locale),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    phone: textOf(child(user, 'phone')),
    orcid: bareOrcid(textOf(child(user, 'orcid'))),
    roles: unique(children(user, 'user_group_ref').map((ref) => groups.get(groupKey(textOf(ref))) ?? textOf(ref))),
    interests: unique(
      textOf(child(user, 'review_interests'))
        .split(',')
        .map((interest) => interest.trim()),
    ),
    password: passwordOf(user),
  };
}

async function* readUsers(input: ReaderInput & { file: string }): AsyncGenerator<ImportedRecord> {
  let groups = new Map<string, string>();
  let position = 0;
  for await (const element of readXmlRecords(input.file, input.workDir, USERS_SHAPE)) {
    input.signal?.throwIfAborted();
    if (element.name === 'user_groups') {
      groups = groupsOf(element);
      continue;
    }
    position += 1;
    const username = textOf(child(element, 'username'));
    const place: Place = [{ at: 'user', n: position, ...(username ? { name: username } : {}) }];
    yield element.overflow
      ? {
          kind: 'refused',
          place,
          reason: 'importOjs.recordTooLarge',
          values: { max: IMPORT_READ_LIMITS.recordElements },
        }
      : readUser(element, place, groups);
  }
}

export const readOjsUsers: ImportReader = (input) => {
  if (!input.file) throw new ImportFileError('importOjs.notUsers', { element: '' });
  return readUsers({ ...input, file: input.file });
};
