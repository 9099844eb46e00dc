/**
 * The paper as the reviewers section and its invite dialog read it: its state (whether the review is open) and its
 * specialization (the invite's first choice). In its own module so that neither imports the other for it.
 */
export interface ReviewedPaper {
  id: number;
  status: number;
  superseded?: boolean;
  specializationId?: number | null;
}
