import { PDF, paperBody } from '../test/papers';

/** A signed-in API client (the `sid` and `csrf` cookies, the CSRF header on writes) and the drafts a submit needs. */
export interface ApiClient {
  /** The headers autocannon sends as this user: cookies, and the CSRF token writes need. */
  headers: Record<string, string>;
  send: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
}

export async function signIn(base: string, slug: string, email: string, password: string): Promise<ApiClient> {
  const cookies = new Map<string, string>();
  const headers: Record<string, string> = {};
  const send: ApiClient['send'] = async (method, path, body) => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(json && { 'content-type': 'application/json' }) },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookies.has('csrf')) headers['x-csrf-token'] = cookies.get('csrf')!;
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  };
  await send('GET', `/api/journals/${slug}/me`); // sets the csrf cookie
  const login = await send('POST', `/api/journals/${slug}/auth/login`, { email, password });
  if (login.status !== 200) throw new Error(`login of ${email}: ${login.status} ${JSON.stringify(login.body)}`);
  return { headers, send };
}

const FILE_KINDS = ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt'];

/** Drafts ready to submit (every field and required file), made through the API as the signed-in author. */
export async function completeDrafts(client: ApiClient, slug: string, count: number): Promise<number[]> {
  const register = await client.send('GET', `/api/journals/${slug}/auth/register`);
  const specializationId = register.body.specializations[0].id as number;
  const base = `/api/journals/${slug}/papers`;
  const makeOne = async (n: number) => {
    // The API tests' complete paper (apps/server/test/papers.ts), with a title of its own.
    const body = paperBody(specializationId, {
      title_of_the_work: `Bench submission ${n}: structured education and recovery`,
    });
    const created = await client.send('POST', base, body);
    if (created.status !== 201) throw new Error(`draft: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    for (const kind of FILE_KINDS) {
      const form = new FormData();
      form.append(kind, new Blob([PDF], { type: 'application/pdf' }), `${kind}.pdf`);
      const uploaded = await client.send('POST', `${base}/${id}/files/${kind}`, form);
      if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
    }
    return id;
  };
  const ids: number[] = [];
  // A few at a time: quick enough, and no load on the server before the measured window.
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, k) => start + k + 1);
    ids.push(...(await Promise.all(batch.map(makeOne))));
  }
  return ids;
}

/** The cookie a returning visitor's browser sends on public reads (the csrf cookie the first API answer set). */
export async function visitorHeaders(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/landing`);
  const csrf = response.headers.getSetCookie().find((line) => line.startsWith('csrf='));
  return csrf ? { cookie: csrf.split(';')[0]! } : {};
}
