import type { SheetQuestionView } from '@journals/core/schemas/reviewing-responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../lib/http';

/**
 * A paper's decisions (spec 02 §4–§6; the server's decisions routes): refusing a new paper directly and the final
 * decision with its sheet, one fetch function and one TanStack hook per endpoint. Every key starts with
 * ['papers', slug], so a decision refreshes the paper page too.
 */

const paperBase = (slug: string, paperId: number) => `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}`;

/** GET decision-form: a question of the journal's sheet. */
export type SheetQuestion = SheetQuestionView;

export interface DecisionBody {
  decision: number;
  comments: string;
  revisionDeadline?: string;
  answers: Record<string, string>;
}

/** A decision's attachment, downloaded through the paper's file route. */
export const decisionAttachmentUrl = (slug: string, paperId: number, fileId: number) =>
  `${paperBase(slug, paperId)}/files/${fileId}`;

const keyOf = (slug: string, ...rest: unknown[]) => ['papers', slug, ...rest];

/** A mutation that refreshes the paper and everything about it once it has answered. */
function usePaperMutation<Input, Output>(slug: string, run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['papers', slug] }),
  });
}

export function useRefusePaper(slug: string, paperId: number) {
  return usePaperMutation(slug, (body: { outOfScope: boolean; reason: string; seenStatusDate?: string }) =>
    api<{ message: string }>(`${paperBase(slug, paperId)}/refuse`, { method: 'POST', body }),
  );
}

export function useDecisionForm(slug: string, paperId: number, enabled: boolean) {
  return useQuery({
    queryKey: keyOf(slug, 'decision-form', paperId),
    queryFn: () => api<{ questions: SheetQuestion[] }>(`${paperBase(slug, paperId)}/decision-form`),
    enabled,
  });
}

/** POST decision: the fields as JSON in the `decision` part, and the optional attachment. */
export function useDecide(slug: string, paperId: number) {
  return usePaperMutation(slug, ({ body, attachment }: { body: DecisionBody; attachment: File | null }) => {
    const form = new FormData();
    form.append('decision', JSON.stringify(body));
    if (attachment) form.append('attachment', attachment);
    return postForm<{ status: number; message: string }>(`${paperBase(slug, paperId)}/decision`, form);
  });
}
