import { bareOrcid as orcidOf } from '@journals/core/rules/orcid';
import {
  childNamed,
  childrenNamed,
  descendantsNamed,
  elementsOf,
  type Language,
  textLanguage,
  textOf,
  type XmlNode,
} from './jats-node';
import type { ImportedAuthor, Localized } from './model';

/**
 * An article's authors from its <contrib-group>s (decision 0078): each <contrib contrib-type="author"> (or without
 * a type) in order, its name in English and Arabic (<name>, <string-name>, <name-alternatives>, <collab>), its
 * e-mail, its ORCID iD (checksum checked), its affiliations (an <aff> inside it or the ones its <xref ref-type="aff">
 * point to, with their <aff-alternatives>), and whether it is the corresponding author.
 */

const empty = (): Localized => ({ en: '', ar: '' });

/** The bare ORCID iD in a text ("https://orcid.org/0000-0002-1825-0097"), when its check digit is right. */
export function bareOrcid(text: string): string | null {
  const match = /(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])/i.exec(text);
  return match ? orcidOf(match.slice(1).join('-')) : null;
}

/** A <name> or <string-name> as the journal shows it: given names then surname ("eastern" style: surname first). */
function nameText(name: XmlNode): string {
  const surname = textOf(childNamed(name, 'surname'));
  const given = textOf(childNamed(name, 'given-names'));
  if (!surname && !given) return textOf(name);
  const suffix = textOf(childNamed(name, 'suffix'));
  const parts = name.attributes['name-style'] === 'eastern' ? [surname, given] : [given, surname];
  return [...parts, suffix].filter(Boolean).join(' ');
}

function put(into: Localized, node: XmlNode, text: string, join?: string) {
  const language: Language | null = textLanguage(node, text);
  if (!text || !language) return;
  if (!into[language]) into[language] = text;
  else if (join) into[language] = `${into[language]}${join}${text}`;
}

function nameOf(contrib: XmlNode): Localized {
  const name = empty();
  for (const part of elementsOf(contrib)) {
    if (part.name === 'name-alternatives')
      for (const alternative of elementsOf(part)) put(name, alternative, nameText(alternative));
    else if (part.name === 'name' || part.name === 'string-name' || part.name === 'collab')
      put(name, part, nameText(part));
  }
  return name;
}

/** An affiliation's text: its parts (institution, city, country) joined by commas where the file gives none. */
function affText(aff: XmlNode): string {
  let text = '';
  let lastWasElement = false;
  for (const child of aff.children) {
    if (typeof child === 'string') {
      text += child;
      lastWasElement = false;
    } else if (!['label', 'sup', 'xref', 'fn'].includes(child.name)) {
      text += `${lastWasElement ? ', ' : ''}${textOf(child)}`;
      lastWasElement = true;
    }
  }
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .replace(/,(\s*,)+/g, ',')
    .replace(/^[\s,;]+|[\s,;]+$/g, '');
}

function addAffiliation(into: Localized, aff: XmlNode) {
  const versions = aff.name === 'aff-alternatives' ? childrenNamed(aff, 'aff') : [aff];
  for (const version of versions) put(into, version, affText(version), '; ');
}

/** The <aff> and <aff-alternatives> of the article by id, wherever they sit in its <article-meta>. */
function affiliationsById(meta: XmlNode) {
  const byId = new Map<string, XmlNode>();
  for (const name of ['aff', 'aff-alternatives'])
    for (const aff of descendantsNamed(meta, name)) if (aff.attributes.id) byId.set(aff.attributes.id, aff);
  return byId;
}

/** The e-mails of the <corresp> notes by id (an author's e-mail given only in the author notes). */
function correspondenceById(meta: XmlNode) {
  const byId = new Map<string, string>();
  for (const note of descendantsNamed(meta, 'corresp')) {
    const email = textOf(descendantsNamed(note, 'email')[0]);
    if (note.attributes.id && email) byId.set(note.attributes.id, email);
  }
  return byId;
}

const xrefs = (contrib: XmlNode, type: string) =>
  descendantsNamed(contrib, 'xref')
    .filter((xref) => xref.attributes['ref-type'] === type)
    .flatMap((xref) => (xref.attributes.rid ?? '').split(/\s+/).filter(Boolean));

function authorOf(contrib: XmlNode, affs: Map<string, XmlNode>, notes: Map<string, string>) {
  const affiliation = empty();
  for (const aff of [...childrenNamed(contrib, 'aff'), ...childrenNamed(contrib, 'aff-alternatives')])
    addAffiliation(affiliation, aff);
  for (const id of xrefs(contrib, 'aff')) {
    const aff = affs.get(id);
    if (aff) addAffiliation(affiliation, aff);
  }
  const orcidIds = childrenNamed(contrib, 'contrib-id').filter(
    (id) => (id.attributes['contrib-id-type'] ?? '').toLowerCase() === 'orcid' || /orcid\.org/i.test(textOf(id)),
  );
  const corresp = xrefs(contrib, 'corresp');
  const email = textOf(descendantsNamed(contrib, 'email')[0]) || corresp.map((id) => notes.get(id)).find(Boolean) || '';
  return {
    name: nameOf(contrib),
    email: email || null,
    affiliation,
    orcid: orcidIds.map((id) => bareOrcid(textOf(id))).find(Boolean) ?? null,
    corresponding: contrib.attributes.corresp === 'yes' || corresp.length > 0,
  } satisfies ImportedAuthor;
}

/** The article's authors in order; the first is the corresponding author when none is marked. */
export function authorsOf(meta: XmlNode): ImportedAuthor[] {
  const affs = affiliationsById(meta);
  const notes = correspondenceById(meta);
  const authors = childrenNamed(meta, 'contrib-group')
    .flatMap((group) => childrenNamed(group, 'contrib'))
    .filter((contrib) => (contrib.attributes['contrib-type'] ?? 'author').toLowerCase() === 'author')
    .map((contrib) => authorOf(contrib, affs, notes))
    .filter((author) => author.name.en || author.name.ar);
  if (authors.length > 0 && !authors.some((author) => author.corresponding)) authors[0]!.corresponding = true;
  return authors;
}
