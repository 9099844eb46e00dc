import type { BulkMailRequest, BulkMailResponse } from '@journals/core/schemas/bulk-mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** "Send an e-mail message" (issue 22 §3): the message, one outbox row per person. */
export function useSendBulkMail(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkMailRequest) =>
      api<BulkMailResponse>(`/api/journals/${encodeURIComponent(slug)}/bulk-mail`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    // The outbox screen shows the new messages.
    onSettled: () => queries.invalidateQueries({ queryKey: ['outbox', slug] }),
  });
}
