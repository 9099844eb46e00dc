/**
 * Helpers for loading what a page shows before its first render (router.tsx), so that nothing moves once it is on
 * screen. Waiting is capped: a slow answer or image lets the page show, and it fills in as it did before.
 */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** Fetches and decodes an image, so that an <img> of it has its size at the first layout. */
export function preloadImage(url: string | null | undefined): Promise<void> {
  if (!url) return Promise.resolve();
  const image = new Image();
  image.src = url;
  return image.decode().catch(() => undefined);
}
