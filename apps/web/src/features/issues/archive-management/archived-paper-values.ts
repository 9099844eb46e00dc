import type { ArchivedPaper, ArchivedPaperRequest } from '@journals/core/schemas/archive-management';

/** The archived paper's form values (ArchivedPaperForm): from the paper, to the request, and the fields' order. */

export type Values = {
  paperType: string | null;
  titleEn: string;
  titleAr: string;
  subtitle: string;
  abstractEn: string;
  abstractAr: string;
  correspondingAuthor: string;
  jointAuthors: string[];
  /** The corresponding author's ORCID iD ('' for none), and each joint author's by name (decision 0085). */
  correspondingAuthorOrcid: string;
  jointAuthorOrcids: Record<string, string>;
  specializationIds: string[];
  keywords: string[];
  fromPage: string;
  toPage: string;
  orderInIssue: string;
  doi: string;
};

export const valuesOf = (paper: ArchivedPaper): Values => ({
  paperType: paper.paperType === null ? null : String(paper.paperType),
  titleEn: paper.titleEn,
  titleAr: paper.titleAr,
  subtitle: paper.subtitle,
  abstractEn: paper.abstractEn,
  abstractAr: paper.abstractAr,
  correspondingAuthor: paper.correspondingAuthor,
  jointAuthors: paper.jointAuthors,
  correspondingAuthorOrcid: paper.correspondingAuthorOrcid ?? '',
  jointAuthorOrcids: Object.fromEntries(
    paper.jointAuthors.map((name, index) => [name, paper.jointAuthorOrcids[index] ?? '']),
  ),
  specializationIds: paper.specializationIds.map(String),
  keywords: paper.keywords,
  fromPage: paper.fromPage === null ? '' : String(paper.fromPage),
  toPage: paper.toPage === null ? '' : String(paper.toPage),
  orderInIssue: String(paper.orderInIssue),
  doi: paper.doi ?? '',
});

export const requestOf = (values: Values): ArchivedPaperRequest => ({
  ...values,
  // The joint authors' iDs follow their names wherever the names moved in the list.
  jointAuthorOrcids: values.jointAuthors.map((name) => values.jointAuthorOrcids[name] ?? ''),
  paperType: values.paperType === null ? (undefined as never) : Number(values.paperType),
  specializationIds: values.specializationIds.map(Number),
});

/** The form's fields in screen order, by the spec's names: the first one in error gets the focus. */
export const FIELD_ORDER = [
  'PaperType',
  'TitleEn',
  'TitleAr',
  'Subtitle',
  'AbstractEn',
  'AbstractAr',
  'CorrespondingAuthor',
  'JointAuthors',
  'CorrespondingAuthorOrcid',
  'JointAuthorOrcids',
  'SpecializationIds',
  'Keywords',
  'FromPage',
  'ToPage',
  'OrderInIssue',
  'Doi',
  'FinalVersion',
];
