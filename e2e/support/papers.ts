import { PAPER_FILE_KINDS } from '@journals/core/files';
import type { ApiClient } from './api';

/** A minimal PDF: enough for the server's content check. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const ABSTRACT = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');

/** What the ethics journal asks beyond the general one: its nine involvement answers, two suggested reviewers. */
const ETHICS_EXTRA = {
  answers: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((questionId) => ({ questionId, answer: 'no' })),
  reviewers: [
    { fullName: 'Rev One', email: 'rev1@example.org', phone: '+201000000001', workPlace: 'Alexandria' },
    { fullName: 'Rev Two', email: 'rev2@example.org', phone: '+201000000002', workPlace: 'Giza' },
  ],
};

/**
 * A paper the researcher creates (in journal `slug`), fills, gives its four files and submits through the API;
 * returns id and code. `coAuthors` follow the main author. `kind` defaults to a new paper (1); its one author works at `workPlace` (default Cairo: a
 * reviewer working there has a conflict of interest with it); its specialization is the journal's first, or the
 * `specialization`-th (from 0). The ethics journal gets its answers and reviewers.
 */
export async function submittedPaper(
  researcher: ApiClient,
  slug: string,
  paper: {
    title: string;
    kind?: number;
    originalCode?: string;
    workPlace?: string;
    specialization?: number;
    /** More authors after the main one (name and e-mail; phone and workplace made up). */
    coAuthors?: { fullName: string; email: string }[];
  },
): Promise<{ id: number; code: string }> {
  const info = await researcher.ok<{ specializations: { id: number }[] }>(
    researcher.get(`/api/journals/${slug}/auth/register`),
  );
  const papers = `/api/journals/${slug}/papers`;
  const { id } = await researcher.ok<{ id: number }>(
    researcher.post(papers, {
      statusOfApplicant: 4,
      medical_School: 1,
      paper_Type: 4,
      new_Amendment_Renewal: paper.kind ?? 1,
      typeOfTheStudy: 1,
      observationalDescriptive: 3,
      fundingSource: 1,
      isFinancialDisclousreMentioned: 2,
      department: 'Nursing',
      title_of_the_work: paper.title,
      original_Proposal_Code: paper.originalCode ?? '',
      specializationId: info.specializations[paper.specialization ?? 0]!.id,
      keywords: ['nursing', 'education'],
      abstract: ABSTRACT,
      authors: [
        {
          fullName: 'Karim Nabil',
          email: 'karim@example.org',
          phone: '+201012345678',
          workPlace: paper.workPlace ?? 'Cairo',
          isMain: true,
        },
        ...(paper.coAuthors ?? []).map((author, n) => ({
          ...author,
          phone: `+2010000000${10 + n}`,
          workPlace: 'Giza',
          isMain: false,
        })),
      ],
      ...(slug === 'ethics' ? ETHICS_EXTRA : { reviewers: [], answers: [] }),
    }),
  );
  for (const kind of PAPER_FILE_KINDS) {
    await researcher.ok(
      researcher.upload(`${papers}/${id}/files/${kind}`, {
        [kind]: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      }),
    );
  }
  return researcher.ok<{ id: number; code: string }>(researcher.post(`${papers}/${id}/submit`, { acceptTerms: true }));
}
