import path from 'node:path';
import type { ErrorCode } from '@journals/core/errors';
import type { Answer, TestApp, TestClient } from '../harness';

/** What a row of the matrix is: the callers, the fixture its sample requests use, and the entry's shape. */

export const CALLERS = {
  guest: null,
  researcher: 'researcher@general.test',
  reviewer: 'reviewer@general.test',
  handlingEditor: 'handling@general.test',
  editor: 'editor@general.test',
  secretary: 'secretary@general.test',
  platformAdmin: 'admin@platform.test',
  /** Members of the other journal, each a guest in `general`: its researcher, its manager, its handling editor. */
  otherJournal: 'researcher@ethics.test',
  otherEditor: 'editor@ethics.test',
  otherHandlingEditor: 'handling@ethics.test',
} as const;
export type Caller = keyof typeof CALLERS;
export const ALL_CALLERS = Object.keys(CALLERS) as Caller[];
export const SIGNED_IN = ALL_CALLERS.filter((caller) => caller !== 'guest');

/**
 * The app of the matrix serves a built web app (a two-file stand-in), so the SPA's routes (`GET /`, `GET /*`)
 * are registered and checked like the others. Pass it to buildTestApp().
 */
export const MATRIX_ENV = {
  WEB_DIST: path.join(import.meta.dirname, '../fixtures/web'),
  /** Opens /metrics to the sample call (its matrix row sends it). */
  METRICS_TOKEN: 'matrix-metrics-token-0123456789',
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The rows and ids the sample requests use, made once per app by setUpMatrix(). */
export interface Fixture {
  app: TestApp;
  slideId: number;
  generalSpecialization: number;
  /** Papers of researcher@general.test: a draft, and a submitted paper with its files. */
  paper: { draft: number; submitted: number; code: string; fileId: number };
  /** Rows for the payment and ethics-form entries, written on first use (the submissions routes are not needed). */
  payable: () => Promise<{ paperId: number; acceptedId: number; reference: string }>;
  /** A new pending sandbox payment of the payable paper's fee (general can take payments): its reference. */
  pendingPayment: () => Promise<string>;
  /** A paper of researcher@general.test reviewed by reviewer@general.test (made on first use). */
  review: () => Promise<ReviewFixture>;
  /** The state of a payment (pending, paid, failed). */
  paymentState: (reference: string) => Promise<string | undefined>;
}
export interface ReviewFixture {
  paperId: number;
  reviewerId: number;
  invitationId: number;
  proposalFileId: number;
  editorFileId: number;
  answers: Record<string, string>;
  /** The invitation mail's link, as query parameters and as a body. */
  link: Record<string, string>;
  linkBody: { rId: number; pId: number; sig: string };
}
export interface Context extends Fixture {
  caller: Caller;
  client: TestClient;
}
/** A concrete call: URL (in the `general` journal), body and headers. */
export interface Sample {
  url: string;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}
/**
 * What an allowed caller gets with the sample request. A refusal (400, 409) must name its error code and message
 * key, so that an "allowed" answer which is really another failure (a CSRF refusal, a validation error of the
 * wrong kind) is caught.
 */
type Outcome =
  | { ok: 200 | 201 | 202 | 204 | 302; okCode?: undefined; okMessageKey?: undefined; okFields?: undefined }
  | {
      ok: 400 | 409;
      okCode: ErrorCode;
      okMessageKey: string;
      /** The fields a validation refusal names (sorted), when the message key alone is the generic one. */
      okFields?: readonly string[];
    };
export type Entry = Outcome & {
  /** Method and URL pattern exactly as registered. */
  route: `${Method} ${string}`;
  /** Who may call it: everyone (guests too), any signed-in user, or the listed callers. */
  allow: 'everyone' | 'signedIn' | readonly Caller[];
  /** What a signed-in caller outside `allow` gets: 403 (the role lacks the right) or 404 (not visible to them). */
  denied?: 403 | 404;
  /** The sample call. */
  request: (context: Context) => Sample | Promise<Sample>;
  /** The call ends the caller's session (logout): the caller signs in again afterwards. */
  endsSession?: boolean;
  /**
   * For a route whose right is a token rather than a role (the payment page's form): the same call with a forged
   * token, which every caller gets refused with `status`.
   */
  forged?: { status: number; request: (context: Context) => Sample | Promise<Sample> };
  /** Checks what a call changed (or did not), after each caller's sample call and forged call. */
  after?: (context: Context & { sample: Sample; answer: Answer; allowed: boolean; forged: boolean }) => Promise<void>;
};

/** Who may read a submitted paper of general: its creator, the editors and the handling editor of its specialization. */
export const PAPER_READERS = ['researcher', 'handlingEditor', 'editor', 'secretary'] as const;
/** Who runs the review of that paper: the editors and the handling editor of its specialization. */
export const MANAGERS = ['handlingEditor', 'editor', 'secretary'] as const;
/** The editor panel's people (core `hasEditorPanel`): the journal manager, the secretary, the platform administrator. */
export const PANEL = ['editor', 'secretary', 'platformAdmin'] as const;
/** Who has a journal manager's powers (core `managesJournal`): the journal manager and the platform administrator. */
export const MANAGES = ['editor', 'platformAdmin'] as const;
export const papersUrl = '/api/journals/general/papers';

export const get = (url: string) => () => ({ url });

export const mayCall = (entry: Entry, caller: Caller) =>
  entry.allow === 'everyone' || (entry.allow === 'signedIn' ? caller !== 'guest' : entry.allow.includes(caller));
