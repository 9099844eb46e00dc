// Mantine's styles sit in the `mantine` CSS layer, so that the order in which pages' chunks bring their
// components' styles never matters and styles.css (not layered) always wins. Each file imports the styles of the
// components it uses; these three are the base of all of them.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/styles.css';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { languageReady } from './lib/i18n';

// The page's own chunks and its language's catalogue load first (in parallel), so that the first render is the
// whole page in its language: no fallback, no layout shift, no flip of direction.
void Promise.all([preloadRoute(window.location.pathname), languageReady()])
  .catch(() => undefined)
  .then(() =>
    // In a transition, React renders the first screen in slices and yields to the browser between them, instead of
    // one long task (Total Blocking Time); everything it needs is loaded, so nothing suspends.
    startTransition(() =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <Providers>
            <BrowserRouter>
              <Suspense fallback={null}>
                <AppRoutes />
              </Suspense>
            </BrowserRouter>
          </Providers>
        </StrictMode>,
      ),
    ),
  );
