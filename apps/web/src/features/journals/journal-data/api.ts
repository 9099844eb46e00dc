import type { JournalImage } from '@journals/core/schemas/journal-data';
import type { JournalDataRequest, JournalDataResponse } from '@journals/core/schemas/journal-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../../lib/http';
import { journalQueryKey } from '../api';

/** The journal data screen (issue 22 §2): its values, and one save with the chosen images. */

const path = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/journal-data`;

export function useJournalData(slug: string) {
  return useQuery({
    queryKey: ['journal-data', slug],
    queryFn: () => api<JournalDataResponse>(path(slug)),
  });
}

export function useSaveJournalData(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ data, images }: { data: JournalDataRequest; images: Partial<Record<JournalImage, File>> }) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      for (const [name, file] of Object.entries(images)) if (file) form.append(name, file);
      return postForm<{ message: string }>(path(slug), form, 'PUT');
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['journal-data', slug] });
      // The journal's bootstrap (title, logo, texts) the whole app shows.
      await queries.invalidateQueries({ queryKey: journalQueryKey(slug) });
    },
  });
}
