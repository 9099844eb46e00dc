import type { JournalRole } from '@journals/core/enums';

/**
 * OJS roles and ours (issue 45 §"Imported people", decision 0077). An OJS user is in user groups; each group has a
 * role id (PKP's ROLE_ID_* constants) and a name the journal may have changed ("Guest editor" is a sub-editor group).
 * The Users XML reader names each group of a person by its role's name below, found through the file's own
 * `<user_groups>` (so a renamed or Arabic-named group is still known), else by the group's name as written. The engine
 * maps those names to our roles with OJS_ROLE_MAP; a name it does not find gives no role (the person is imported
 * with none, the report says which). A journal manager or journal editor (OJS role 16, the same role) is our editor
 * with the journal manager's type; a section editor handles papers: our handling editor. No import makes anyone more:
 * a site administrator comes in as a researcher.
 */
export interface OurRole {
  role: JournalRole;
  /** EDITOR_TYPES for the editor role: 0, the journal manager. */
  editorType?: 0;
}

/** PKP's role ids (lib/pkp/classes/security/Role.php) by the name the reader writes for each. */
export const OJS_ROLE_IDS = {
  'Site administrator': 1,
  'Journal manager': 16,
  'Section editor': 17,
  Assistant: 4097,
  Reviewer: 4096,
  Author: 65536,
  Reader: 1048576,
  'Subscription manager': 2097152,
} as const;

export type OjsRoleName = keyof typeof OJS_ROLE_IDS;

/** The name the reader writes for a role id, or undefined for one PKP does not define. */
export function ojsRoleName(roleId: number): OjsRoleName | undefined {
  return (Object.keys(OJS_ROLE_IDS) as OjsRoleName[]).find((name) => OJS_ROLE_IDS[name] === roleId);
}

/**
 * The table (OJS → ours). An assistant (copyeditor, layout editor, proofreader), a reader and a subscription manager
 * have no role of ours: they are imported as people with the researcher role, which every account has.
 */
export const OJS_ROLE_MAP: Record<OjsRoleName, OurRole> = {
  'Site administrator': { role: 'researcher' },
  'Journal manager': { role: 'editor', editorType: 0 },
  'Section editor': { role: 'handlingEditor' },
  Assistant: { role: 'researcher' },
  Reviewer: { role: 'reviewer' },
  Author: { role: 'researcher' },
  Reader: { role: 'researcher' },
  'Subscription manager': { role: 'researcher' },
};

/**
 * OJS's default group names (English and Arabic as OJS 3 ships them) for an export without `<user_groups>`: each to
 * its role's name above.
 */
export const OJS_DEFAULT_GROUPS: Record<string, OjsRoleName> = {
  'journal manager': 'Journal manager',
  'journal editor': 'Journal manager',
  'production editor': 'Section editor',
  'section editor': 'Section editor',
  'guest editor': 'Section editor',
  copyeditor: 'Assistant',
  designer: 'Assistant',
  'funding coordinator': 'Assistant',
  indexer: 'Assistant',
  'layout editor': 'Assistant',
  'marketing and sales coordinator': 'Assistant',
  proofreader: 'Assistant',
  translator: 'Assistant',
  reviewer: 'Reviewer',
  author: 'Author',
  reader: 'Reader',
  'subscription manager': 'Subscription manager',
  'مدير المجلة': 'Journal manager',
  'محرر المجلة': 'Journal manager',
  'محرر القسم': 'Section editor',
  محكم: 'Reviewer',
  المحكم: 'Reviewer',
  مؤلف: 'Author',
  المؤلف: 'Author',
  قارئ: 'Reader',
  القارئ: 'Reader',
};

/** A group name as looked up: trimmed, lower case, without Arabic diacritics ("محكّم" is "محكم"). */
export const groupKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\u064B-\u0652]/g, '');

/** Our roles for the names the reader wrote (each once; an editor over a handling editor, as our rules allow one). */
export function ourRolesOf(names: readonly string[]): OurRole[] {
  const found = new Map<JournalRole, OurRole>();
  for (const name of names) {
    const key = name in OJS_ROLE_MAP ? (name as OjsRoleName) : OJS_DEFAULT_GROUPS[groupKey(name)];
    const ours = key ? OJS_ROLE_MAP[key] : undefined;
    if (ours && !found.has(ours.role)) found.set(ours.role, ours);
  }
  if (found.has('editor')) found.delete('handlingEditor');
  return [...found.values()];
}
