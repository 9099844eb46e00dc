import { use, type ComponentType } from 'react';

/** A page in its own chunk: `preload` fetches it, and the page renders at once when it is already there. */
export interface LazyPage {
  preload: () => Promise<unknown>;
  Page: ComponentType;
}

/**
 * Unlike React.lazy, a preloaded page renders without suspending even once, so the first render after
 * `preloadRoute` (main.tsx) is the whole page: no fallback, no layout shift (issue 8 §4). A page that is not
 * loaded yet suspends; navigations run in a transition, so the old page stays until the new one is there.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a chunk that failed to arrive (offline) is asked for again next time
        throw error;
      },
    ));
  function Page() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return { preload, Page };
}
