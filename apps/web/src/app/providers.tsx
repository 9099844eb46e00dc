import { DIRECTION } from '@journals/core/enums';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { currentLanguage, useLanguage } from '../lib/i18n';
import { queryClient } from './query-client';
import { theme } from './theme';

/** Keeps Mantine's direction in step with the interface language (<html dir> is set by applyLanguage). */
function DirectionSync() {
  const { setDirection } = useDirection();
  const language = useLanguage();
  useEffect(() => setDirection(DIRECTION[language]), [setDirection, language]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={DIRECTION[currentLanguage()]} detectDirection={false}>
      <DirectionSync />
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
