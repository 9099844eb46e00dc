import type { PaymentSettings, PaymentSettingsRequest } from '@journals/core/schemas/payment-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { journalQueryKey } from '../api';

/** The payment settings screen (issue 22 §2): the journal's gateway and fees, read and saved by its manager. */

const path = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/payment-settings`;
const key = (slug: string) => ['payment-settings', slug] as const;

export function usePaymentSettings(slug: string) {
  return useQuery({ queryKey: key(slug), queryFn: () => api<PaymentSettings>(path(slug)) });
}

export function useSavePaymentSettings(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsRequest) =>
      api<{ message: string }>(path(slug), { method: 'PUT', body, globalErrors: false }),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: key(slug) });
      // The registration fee shows on the journal's public pages.
      await queries.invalidateQueries({ queryKey: journalQueryKey(slug) });
    },
  });
}
