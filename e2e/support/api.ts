import { type APIRequestContext, type APIResponse, expect, request } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A multipart body: files, and plain fields (the review's JSON part). */
type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/**
 * A signed-in API client for a test's setup (payment settings, a submitted paper): its own cookies, and the csrf
 * cookie repeated in the x-csrf-token header on every mutating call, as the web does.
 */
export class ApiClient {
  private constructor(readonly context: APIRequestContext) {}

  /** Logs in `email` in the journal `slug` through POST auth/login. */
  static async signIn(baseURL: string, slug: string, email: string, password: string): Promise<ApiClient> {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } });
    await context.head('/api/captcha');
    const client = new ApiClient(context);
    await client.ok(client.post(`/api/journals/${slug}/auth/login`, { email, password }));
    return client;
  }

  /**
   * Registers someone in the journal `slug` through POST auth/register, the captcha solved as the widget does, and
   * leaves the account unconfirmed (its activation mail unread).
   */
  static async register(
    baseURL: string,
    slug: string,
    person: { fullName: string; email: string },
    /** The language the person registers in: their mails' language. */
    language: 'en' | 'ar' = 'en',
  ) {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': language } });
    const client = new ApiClient(context);
    try {
      await context.head('/api/captcha');
      const registration = await client.ok<{ specializations: { id: number }[] }>(
        context.get(`/api/journals/${slug}/auth/register`),
      );
      await client.ok(
        client.post(`/api/journals/${slug}/auth/register`, {
          ...person,
          password: 'Strong-pass-1',
          passwordConfirmation: 'Strong-pass-1',
          phone: '+20 10 1234 5678',
          jobTitle: 'Lecturer',
          specializations: [registration.specializations[0]!.id],
          availableAsReviewer: false,
          captcha: await client.captcha(),
        }),
      );
    } finally {
      await context.dispose();
    }
  }

  /** Asks for a password-reset mail for `email` in the journal `slug` (POST auth/forgot, the captcha solved). */
  static async forgot(baseURL: string, slug: string, email: string) {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } });
    const client = new ApiClient(context);
    try {
      await context.head('/api/captcha');
      await client.ok(client.post(`/api/journals/${slug}/auth/forgot`, { email, captcha: await client.captcha() }));
    } finally {
      await context.dispose();
    }
  }

  /** A solved captcha, as the widget sends it. */
  private async captcha(): Promise<string> {
    const challenge = await this.ok(this.context.get('/api/captcha'));
    const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  private async csrf(): Promise<Record<string, string>> {
    const cookie = (await this.context.storageState()).cookies.find((c) => c.name === 'csrf');
    return { 'x-csrf-token': cookie?.value ?? '' };
  }

  get(path: string) {
    return this.context.get(path);
  }

  async post(path: string, data?: unknown) {
    return this.context.post(path, { data: data ?? {}, headers: await this.csrf() });
  }

  async put(path: string, data: unknown) {
    return this.context.put(path, { data, headers: await this.csrf() });
  }

  async delete(path: string) {
    return this.context.delete(path, { headers: await this.csrf() });
  }

  async upload(path: string, multipart: Multipart) {
    return this.context.post(path, { multipart, headers: await this.csrf() });
  }

  /** The JSON body of a successful answer; a failed one fails the test with its body. */
  async ok<T = Record<string, unknown>>(answer: APIResponse | Promise<APIResponse>): Promise<T> {
    const response = await answer;
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  dispose() {
    return this.context.dispose();
  }
}
