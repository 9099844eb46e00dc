import { SaxesParser } from 'saxes';
import type { CrossrefSystem } from '@journals/core/rules/doi';
import type { Config } from '../../config';

/**
 * Crossref's deposit API, the one way the platform reaches it (issue 46 §1, decision 0086), as Crossref documents it:
 * - a deposit is an HTTPS POST to `/servlet/deposit`, multipart, with `operation=doMDUpload`, `login_id`,
 *   `login_passwd` and the file as `fname`; 200 means the file is queued (not yet registered), 401 or 403 that the
 *   account was refused;
 * - its result is read later from `/servlet/submissionDownload?usr=&pwd=&doi_batch_id=&type=result`: a
 *   `doi_batch_diagnostic` whose `status` is `completed` once processed, with a `record_diagnostic` per DOI
 *   (`Success`, `Warning` or `Failure`, and Crossref's message).
 * The two systems' addresses are the operator's (config); a journal only chooses which. Every call has a time bound;
 * a network failure, a timeout or a 5xx is an `unreachable` answer, for the caller to try again later.
 */

export interface CrossrefAccount {
  system: Exclude<CrossrefSystem, 'off'>;
  login: string;
  password: string;
}

export type DepositAnswer =
  { outcome: 'accepted' } | { outcome: 'refused'; message: string } | { outcome: 'unreachable'; message: string };

export type ResultAnswer =
  | { outcome: 'pending' }
  | { outcome: 'completed'; records: { doi: string; status: 'Success' | 'Warning' | 'Failure'; message: string }[] }
  | { outcome: 'unreachable'; message: string };

/** The most of an answer read: Crossref's result for one deposit is a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface CrossrefClient {
  deposit(account: CrossrefAccount, fileName: string, xml: string): Promise<DepositAnswer>;
  result(account: CrossrefAccount, batchId: string): Promise<ResultAnswer>;
}

export function crossrefClient(
  config: Pick<Config, 'CROSSREF_TEST_URL' | 'CROSSREF_PRODUCTION_URL' | 'CROSSREF_TIMEOUT_SECONDS'>,
): CrossrefClient {
  const base = (system: CrossrefAccount['system']) =>
    (system === 'production' ? config.CROSSREF_PRODUCTION_URL : config.CROSSREF_TEST_URL).replace(/\/+$/, '');
  const timeout = () => AbortSignal.timeout(config.CROSSREF_TIMEOUT_SECONDS * 1000);

  return {
    async deposit(account, fileName, xml) {
      const form = new FormData();
      form.set('operation', 'doMDUpload');
      form.set('login_id', account.login);
      form.set('login_passwd', account.password);
      form.set('fname', new Blob([xml], { type: 'application/xml' }), fileName);
      try {
        const response = await fetch(`${base(account.system)}/servlet/deposit`, {
          method: 'POST',
          body: form,
          signal: timeout(),
          redirect: 'error',
        });
        const text = await bounded(response);
        if (response.status === 401 || response.status === 403)
          return { outcome: 'refused', message: 'doi.refused_login' };
        if (response.status >= 500 || response.status === 429)
          return { outcome: 'unreachable', message: `HTTP ${response.status}` };
        if (!response.ok) return { outcome: 'refused', message: plainText(text) || `HTTP ${response.status}` };
        return { outcome: 'accepted' };
      } catch (error) {
        return { outcome: 'unreachable', message: networkMessage(error) };
      }
    },

    async result(account, batchId) {
      const query = new URLSearchParams({
        usr: account.login,
        pwd: account.password,
        doi_batch_id: batchId,
        type: 'result',
      });
      try {
        const response = await fetch(`${base(account.system)}/servlet/submissionDownload?${query}`, {
          signal: timeout(),
          redirect: 'error',
        });
        const text = await bounded(response);
        if (response.status >= 500 || response.status === 429)
          return { outcome: 'unreachable', message: `HTTP ${response.status}` };
        if (response.status === 401 || response.status === 403)
          return { outcome: 'unreachable', message: 'doi.refused_login' };
        if (!response.ok) return { outcome: 'pending' };
        return readDiagnostic(text);
      } catch (error) {
        return { outcome: 'unreachable', message: networkMessage(error) };
      }
    },
  };
}

/** The answer's text, at most MAX_ANSWER_BYTES of it. */
async function bounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      break;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const networkMessage = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    ? 'timeout'
    : error instanceof Error
      ? (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 300)
      : 'network error';

/** An HTML or text answer as one line of text, for a refusal's message. */
const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);

/**
 * A `doi_batch_diagnostic`: pending until its status is `completed`, then each record's DOI, status and message.
 * Anything that is not one (an HTML page, a broken answer) is read as pending: it is asked for again, a bounded
 * number of times.
 */
export function readDiagnostic(xml: string): ResultAnswer {
  const parser = new SaxesParser({ xmlns: false });
  let status = '';
  const records: { doi: string; status: 'Success' | 'Warning' | 'Failure'; message: string }[] = [];
  let record: { doi: string; status: string; message: string } | null = null;
  let field: 'doi' | 'msg' | null = null;
  parser.on('doctype', () => {
    throw new Error('a doctype in a Crossref answer');
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'doi_batch_diagnostic') status = String(tag.attributes.status ?? '');
    else if (tag.name === 'record_diagnostic')
      record = { doi: '', status: String(tag.attributes.status ?? ''), message: '' };
    else if (record && (tag.name === 'doi' || tag.name === 'msg')) field = tag.name;
  });
  parser.on('text', (text) => {
    if (record && field === 'doi') record.doi += text;
    if (record && field === 'msg') record.message += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'doi' || tag.name === 'msg') field = null;
    if (tag.name === 'record_diagnostic' && record) {
      const kind = record.status === 'Success' || record.status === 'Warning' ? record.status : 'Failure';
      records.push({ doi: record.doi.trim(), status: kind, message: record.message.trim() });
      record = null;
    }
  });
  try {
    parser.write(xml).close();
  } catch {
    return { outcome: 'pending' };
  }
  return status === 'completed' ? { outcome: 'completed', records } : { outcome: 'pending' };
}
