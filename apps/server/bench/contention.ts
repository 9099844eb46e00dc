import type { LoadFigures } from './load';
import { measure } from './processes';
import type { EndpointResult } from './report';

/**
 * Readers searching must not starve editors and authors (issue 44, decision 0074): another user's sign-in and a
 * public page, one request at a time, measured alone and then while `readers` connections run heavy but valid
 * searches without pause (phrases of the scale data's commonest words, `or`, sixteen words: as heavy as the rules
 * allow). The searches' own line shows how many were answered and how many told the search is busy (503).
 */
export const HEAVY_SEARCH =
  '"cohort study" or "controlled trial" or "systematic review" or "qualitative study" or "pilot study" or ' +
  '"comparative analysis" or study';

export async function measureWhileSearching(at: {
  server: string;
  slug: string;
  /** A visitor's headers (the csrf cookie), and the account signing in. */
  visitor: Record<string, string>;
  account: { email: string; password: string };
  publicPage: string;
  readers: number;
  seconds: number;
}): Promise<Omit<EndpointResult, 'ratioToBare' | 'ratioToLookup'>[]> {
  const csrf = /csrf=([^;]+)/.exec(at.visitor.cookie ?? '')?.[1] ?? '';
  const signInPath = `/api/journals/${at.slug}/auth/login`;
  const signIn = () =>
    measure({
      url: `${at.server}${signInPath}`,
      method: 'POST',
      headers: { ...at.visitor, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify(at.account),
      connections: 1,
      seconds: at.seconds,
    });
  const page = () =>
    measure({ url: `${at.server}${at.publicPage}`, headers: at.visitor, connections: 1, seconds: at.seconds });
  const searchPath = `/api/journals/${at.slug}/search?search=${encodeURIComponent(HEAVY_SEARCH)}`;
  const line = (name: string, method: 'GET' | 'POST', path: string, connections: number, figures: LoadFigures) => ({
    name,
    method,
    path,
    connections,
    window: `${at.seconds} s`,
    figures,
  });

  const aloneSignIn = await signIn();
  const alonePage = await page();
  // The readers start first and search until both others are measured (a second either side).
  const searching = measure({
    url: `${at.server}${searchPath}`,
    headers: at.visitor,
    connections: at.readers,
    seconds: at.seconds + 2,
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [busySignIn, busyPage] = await Promise.all([signIn(), page()]);
  const searches = await searching;
  return [
    line('sign-in, one at a time, alone', 'POST', signInPath, 1, aloneSignIn),
    line('public paper page, one at a time, alone', 'GET', at.publicPage, 1, alonePage),
    line(`sign-in, one at a time, while ${at.readers} readers search`, 'POST', signInPath, 1, busySignIn),
    line(`public paper page, one at a time, while ${at.readers} readers search`, 'GET', at.publicPage, 1, busyPage),
    line(`heavy searches, ${at.readers} readers (503: told busy)`, 'GET', searchPath, at.readers, searches),
  ];
}
