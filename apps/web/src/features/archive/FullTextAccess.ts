import type { FullTextAccessAnswer } from '@journals/core/schemas/full-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useDynamicT } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/**
 * Paid download on the public site (issue 21 §3, docs/decisions/0033): whether the signed-in reader (or guest)
 * reads the journal's full texts, or one paper's (its author always does), and the membership's price.
 */

const accessKey = (slug: string) => ['full-text-access', slug] as const;

export const fullTextUrl = (slug: string, paperId: number) =>
  `/api/journals/${encodeURIComponent(slug)}/archive/papers/${paperId}/pdf`;

export function useFullTextAccess(slug: string, paperId?: number) {
  const session = useSession(slug);
  const userId = session.data?.user?.id ?? null;
  return useQuery({
    queryKey: [...accessKey(slug), userId, paperId ?? null],
    queryFn: () =>
      api<FullTextAccessAnswer>(
        `/api/journals/${encodeURIComponent(slug)}/archive/access${paperId ? `?paperId=${paperId}` : ''}`,
        { globalErrors: false },
      ),
    enabled: !session.isPending,
    staleTime: 30_000,
  });
}

/** Starts (or resumes) the membership's payment: the gateway's page and our reference. */
export function useStartMembership(slug: string) {
  return useMutation({
    mutationFn: () =>
      api<{ paymentUrl: string; reference: string }>(`/api/journals/${encodeURIComponent(slug)}/payments`, {
        method: 'POST',
        body: { purpose: 'download' },
        globalErrors: false,
      }),
  });
}

/** The currency as the page's language names it (EGP, جنيه مصري); an unknown code as it is. */
export function useCurrencyName() {
  const dynamicT = useDynamicT();
  return (code: string) => {
    const key = `fullText.currency_${code.toLowerCase()}`;
    const name = dynamicT(key);
    return name === key ? code : name;
  };
}

/** After a paid membership every access answer of the journal is stale. */
export function useRefreshAccess(slug: string) {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: accessKey(slug) });
}
