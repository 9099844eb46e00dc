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

// A page left open across an upgrade asks for script files the new build no longer has (their names carry a hash
// of their content): it loads the new build once instead of going blank. Not twice within a minute, so a chunk that
// fails for another reason (offline) does not reload for ever.
addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('reloaded'));
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('reloaded', String(Date.now()));
  event.preventDefault();
  location.reload();
});

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
