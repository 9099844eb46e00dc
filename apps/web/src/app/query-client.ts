import { QueryClient } from '@tanstack/react-query';
import { seedJournalFromPage } from '../features/journals/api';
import { isApiError } from '../lib/http';
import { applyLanguage } from '../lib/i18n';
import { journalLanguage } from '../lib/journal';

/** The one query cache of the app: the providers give it to the pages, the router fills it before a first render. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; network and 5xx errors get two more tries.
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// A journal page's first HTML carries its bootstrap: the first render shows the journal, in its language.
const journalOfPage = seedJournalFromPage(queryClient);
if (journalOfPage) void applyLanguage(journalLanguage(journalOfPage));
