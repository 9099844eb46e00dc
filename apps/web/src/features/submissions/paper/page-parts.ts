import type { ReactNode } from 'react';
import type { FinalDecision, PaperDetail } from '../api';

/**
 * What the paper page shows of the reviewing and decisions features. Features never import each other, so the page
 * imports neither: the app layer (app/backoffice/PaperRoute) passes these in, as the server composes its routes.
 */
export interface PaperPageParts {
  /** The buttons of those who run the review: the final decision and a direct refusal (decisions). */
  editorActions: (paper: PaperDetail) => ReactNode;
  /** A final decision: the page's panel and each version in the history (decisions). */
  finalDecision: FinalDecisionPart;
  /** The reviewers' comments for the author once the paper is decided (reviewing). */
  reviewerComments: (paper: { id: number; decided: boolean }) => ReactNode;
  /** The reviewers and their invitations, for those who run the review (reviewing). */
  reviewers: (props: {
    paper: PaperDetail;
    specializations: { id: number; name: string }[];
    waitsForPayment: boolean;
  }) => ReactNode;
}

/** A final decision as the page and its history show it. */
export type FinalDecisionPart = (props: { paperId: number; decision: FinalDecision; size?: 'sm' }) => ReactNode;
