import { DIRECTION } from '@journals/core/enums';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { seedJournalFromPage } from '../features/journals/api';
import { isApiError } from '../lib/http';
import { applyLanguage, currentLanguage, i18n } from '../lib/i18n';
import { journalLanguage } from '../lib/journal';
import { theme } from './theme';

const queryClient = new QueryClient({
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
if (journalOfPage) applyLanguage(journalLanguage(journalOfPage));

/** Keeps Mantine's direction in step with the interface language (<html dir> is set by applyLanguage). */
function DirectionSync() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const sync = () => setDirection(DIRECTION[currentLanguage()]);
    sync();
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={DIRECTION[currentLanguage()]} detectDirection={false}>
      <DirectionSync />
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-center" />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
