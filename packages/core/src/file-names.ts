import type { Language } from './enums';
import { extensionOf, type ReviewerFileKind } from './files';
import { translate } from './i18n/index';

/**
 * The names a file crosses the anonymity line under (DESIGN §3, docs/decisions/0028): never the name it was
 * uploaded with ("Karim Nabil - proposal v2.pdf"), which often names its writer. The server gives these names in
 * its answers and in Content-Disposition; the pages show what the server answers. Server-side: this module loads
 * both catalogues.
 */

const withExtension = (name: string, originalName: string) => {
  const extension = extensionOf(originalName).replace(/[^a-z0-9]/g, '');
  return extension ? `${name}.${extension}` : name;
};

/** An author's file as its reviewer receives it: its kind, the paper's version past the first, its extension. */
export function nameForReviewer(
  language: Language,
  file: { kind: ReviewerFileKind; originalName: string },
  version: number | null,
): string {
  const kind = translate(language, `papers.file_name_${file.kind}`);
  const name = version && version > 1 ? translate(language, 'papers.file_name_version', { name: kind, version }) : kind;
  return withExtension(name, file.originalName);
}

/** A reviewer's attachment as the author receives it, numbered as the reviewers' comments are. */
export function nameForAuthor(language: Language, reviewerNumber: number, originalName: string): string {
  return withExtension(translate(language, 'decisions.attachment_name', { number: reviewerNumber }), originalName);
}
