import type { Database } from '../../db/client';
import {
  authorsOf,
  doiUrl,
  issuePathSegment,
  noticeRelation,
  paperLanguage,
  paperPdfUrl,
  paperUrl,
} from '../../domain/archive-links';
import { type HarvestJournal, inLanguage, JATS_SCHEMA, jatsArticle } from './jats';
import {
  type ArchiveRecord,
  earliestDatestamp,
  publishedIssues,
  publishedRecord,
  recordCount,
  recordPage,
} from './published-records';
import { type Element, newDocument, paragraphs, serialize, textElement, utcSeconds } from './xml';
import { dateRange, decodeToken, encodeToken, filterOf, OaiError, SET_SPEC, type Token } from './oai-arguments';

/**
 * OAI-PMH 2.0 for one journal (https://www.openarchives.org/OAI/openarchivesprotocol.html): the six verbs, the
 * `oai_dc` and `jats` formats, a set per published issue, resumption tokens on a keyset, from/until at the granularity
 * of seconds, and the protocol's errors, always inside a 200 answer as the protocol says. Published papers only;
 * deleted records: `no` (docs/decisions, "OAI-PMH"): a published issue keeps its papers.
 */

/** Records (or headers) per answer of a list; the rest is behind a resumption token. */
export const OAI_PAGE_SIZE = 100;

const OAI = 'http://www.openarchives.org/OAI/2.0/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const FORMATS = {
  oai_dc: {
    schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
    namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  },
  jats: { schema: JATS_SCHEMA, namespace: 'https://jats.nlm.nih.gov/publishing/1.3/' },
} as const;
type Format = keyof typeof FORMATS;
const isFormat = (value: string): value is Format => Object.hasOwn(FORMATS, value);

/** The arguments each verb takes: required, optional, and exclusive (the resumption token). */
const VERBS = {
  Identify: { required: [], optional: [], exclusive: null },
  ListMetadataFormats: { required: [], optional: ['identifier'], exclusive: null },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [], exclusive: null },
} as const;
type Verb = keyof typeof VERBS;

export type OaiQuery = Record<string, unknown>;

interface Context {
  db: Database;
  journal: HarvestJournal & { id: number };
  publicUrl: string;
  now: Date;
}

/** The answer to one OAI-PMH request, as XML text. */
export async function answerOai(context: Context, query: OaiQuery): Promise<string> {
  const baseUrl = `${context.publicUrl.replace(/\/+$/, '')}/api/journals/${encodeURIComponent(context.journal.slug)}/oai`;
  const document = newDocument();
  const root = document.ele('OAI-PMH', {
    xmlns: OAI,
    'xmlns:xsi': XSI,
    'xsi:schemaLocation': `${OAI} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`,
  });
  root.ele('responseDate').txt(utcSeconds(context.now));
  let request: { verb: Verb; args: Record<string, string> };
  try {
    request = readRequest(query);
  } catch (error) {
    // After badVerb and badArgument, the request element carries the base URL only (the protocol, 3.6).
    root.ele('request').txt(baseUrl);
    return withError(document, root, error);
  }
  const echo = root.ele('request', { verb: request.verb, ...request.args }).txt(baseUrl);
  try {
    await VERB_ANSWERS[request.verb](root, context, request.args, baseUrl);
  } catch (error) {
    if (error instanceof OaiError && error.code === 'badArgument')
      echo.removeAtt(['verb', ...Object.keys(request.args)]);
    return withError(document, root, error);
  }
  return serialize(document);
}

function withError(document: Element, root: Element, error: unknown): string {
  if (!(error instanceof OaiError)) throw error;
  root.ele('error', { code: error.code }).txt(error.message);
  return serialize(document);
}

/** The verb and its arguments, checked: one value each, none unknown, the required ones there. */
function readRequest(query: OaiQuery): { verb: Verb; args: Record<string, string> } {
  const values: Record<string, string> = {};
  let repeated = false;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (name === 'verb') throw new OaiError('badVerb', 'The verb argument is repeated.');
      repeated = true;
      values[name] = String(value[0] ?? '');
    } else values[name] = String(value);
  }
  const verb = values.verb;
  if (verb === undefined) throw new OaiError('badVerb', 'The verb argument is missing.');
  if (!Object.hasOwn(VERBS, verb)) throw new OaiError('badVerb', `"${verb}" is not an OAI-PMH verb.`);
  if (repeated) throw new OaiError('badArgument', 'An argument is repeated.');
  const rule = VERBS[verb as Verb];
  const args = Object.fromEntries(Object.entries(values).filter(([name]) => name !== 'verb'));
  const names = Object.keys(args);
  const allowed: readonly string[] = [...rule.required, ...rule.optional];
  if (rule.exclusive && names.includes(rule.exclusive)) {
    if (names.length > 1) throw new OaiError('badArgument', `${rule.exclusive} is an exclusive argument.`);
    return { verb: verb as Verb, args };
  }
  const unknown = names.find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw new OaiError('badArgument', `"${unknown}" is not an argument of ${verb}.`);
  const missing = rule.required.find((name) => !args[name]);
  if (missing !== undefined) throw new OaiError('badArgument', `${verb} needs the argument ${missing}.`);
  return { verb: verb as Verb, args };
}

type Answer = (root: Element, context: Context, args: Record<string, string>, baseUrl: string) => Promise<void>;

const VERB_ANSWERS: Record<Verb, Answer> = {
  async Identify(root, { db, journal, now }, _args, baseUrl) {
    const identify = root.ele('Identify');
    textElement(
      identify,
      'repositoryName',
      journal[journal.defaultLanguage === 'ar' ? 'titleAr' : 'titleEn'] || journal.titleEn || journal.titleAr,
    );
    identify.ele('baseURL').txt(baseUrl);
    identify.ele('protocolVersion').txt('2.0');
    identify.ele('adminEmail').txt(journal.email || journal.depositorEmail || 'nobody@invalid');
    identify.ele('earliestDatestamp').txt(utcSeconds((await earliestDatestamp(db, journal.id)) ?? now));
    identify.ele('deletedRecord').txt('no');
    identify.ele('granularity').txt('YYYY-MM-DDThh:mm:ssZ');
  },

  async ListMetadataFormats(root, context, args) {
    if (args.identifier !== undefined) await recordOf(context, args.identifier);
    const list = root.ele('ListMetadataFormats');
    for (const [prefix, format] of Object.entries(FORMATS)) {
      list
        .ele('metadataFormat')
        .ele('metadataPrefix')
        .txt(prefix)
        .up()
        .ele('schema')
        .txt(format.schema)
        .up()
        .ele('metadataNamespace')
        .txt(format.namespace);
    }
  },

  async ListSets(root, { db, journal }, args) {
    if (args.resumptionToken !== undefined) {
      throw new OaiError('badResumptionToken', 'ListSets answers in one part: there is no token to resume.');
    }
    const issues = await publishedIssues(db, journal.id);
    if (issues.length === 0) throw new OaiError('noSetHierarchy', 'The journal has no published issue yet.');
    const list = root.ele('ListSets');
    for (const issue of issues) {
      list
        .ele('set')
        .ele('setSpec')
        .txt(issuePathSegment(issue.volume, issue.issue))
        .up()
        .ele('setName')
        .txt(`Volume ${issue.volume}, Issue ${issue.issue} (${issue.publishMonth})`);
    }
  },

  ListIdentifiers: (root, context, args) => list(root, context, args, 'ListIdentifiers'),
  ListRecords: (root, context, args) => list(root, context, args, 'ListRecords'),

  async GetRecord(root, context, args) {
    const format = formatOf(args.metadataPrefix!);
    const record = await recordOf(context, args.identifier!);
    writeRecord(root.ele('GetRecord'), context, record, format);
  },
};

function formatOf(prefix: string): Format {
  if (!isFormat(prefix))
    throw new OaiError('cannotDisseminateFormat', `"${prefix}" is not a format of this repository.`);
  return prefix;
}

/** `oai:{host}:{slug}/{paper id}`. */
function identifierOf({ publicUrl, journal }: Context, paperId: number) {
  return `oai:${new URL(publicUrl).hostname}:${journal.slug}/${paperId}`;
}

async function recordOf(context: Context, identifier: string): Promise<ArchiveRecord> {
  const prefix = identifierOf(context, 0).slice(0, -1);
  const id = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  const record =
    /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2 ** 31 - 1
      ? await publishedRecord(context.db, context.journal.id, Number(id))
      : null;
  if (!record) throw new OaiError('idDoesNotExist', `"${identifier}" names no record of this repository.`);
  return record;
}

async function list(root: Element, context: Context, args: Record<string, string>, verb: Token['verb']) {
  const { db, journal } = context;
  let token: Token;
  if (args.resumptionToken !== undefined) token = decodeToken(args.resumptionToken, verb);
  else {
    const prefix = formatOf(args.metadataPrefix!);
    const { from, before } = dateRange(args.from, args.until);
    if (args.set !== undefined && !SET_SPEC.test(args.set)) {
      throw new OaiError('noRecordsMatch', `"${args.set}" is not a set of this repository.`);
    }
    token = { verb, prefix, set: args.set, from, before, after: 0, cursor: 0, size: 0 };
    token.size = await recordCount(db, journal.id, filterOf(token));
    if (token.size === 0) throw new OaiError('noRecordsMatch', 'No record matches these arguments.');
  }
  const records = await recordPage(db, journal.id, filterOf(token), token.after, OAI_PAGE_SIZE + 1);
  const page = records.slice(0, OAI_PAGE_SIZE);
  const element = root.ele(verb);
  for (const record of page) {
    if (verb === 'ListRecords') writeRecord(element, context, record, token.prefix);
    else writeHeader(element, context, record);
  }
  const cursor = token.cursor;
  const next =
    records.length > OAI_PAGE_SIZE
      ? encodeToken({ ...token, after: page.at(-1)!.paperId, cursor: cursor + page.length })
      : null;
  // The last part of a list carries an empty token, and any part after the first says where it is.
  if (next !== null || args.resumptionToken !== undefined) {
    element.ele('resumptionToken', { completeListSize: String(token.size), cursor: String(cursor) }).txt(next ?? '');
  }
}

function writeHeader(parent: Element, context: Context, record: ArchiveRecord) {
  const header = parent.ele('header');
  header.ele('identifier').txt(identifierOf(context, record.paperId));
  header.ele('datestamp').txt(utcSeconds(record.datestamp));
  header.ele('setSpec').txt(issuePathSegment(record.volume, record.issue));
}

function writeRecord(parent: Element, context: Context, record: ArchiveRecord, format: Format) {
  const element = parent.ele('record');
  writeHeader(element, context, record);
  const metadata = element.ele('metadata');
  if (format === 'jats') jatsArticle(metadata, context.journal, record, context.publicUrl, true);
  else dublinCore(metadata, context, record);
}

function dublinCore(metadata: Element, { journal, publicUrl }: Context, record: ArchiveRecord) {
  const dc = metadata.ele('oai_dc:dc', {
    'xmlns:oai_dc': FORMATS.oai_dc.namespace,
    'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
    'xsi:schemaLocation': `${FORMATS.oai_dc.namespace} ${FORMATS.oai_dc.schema}`,
  });
  const language = paperLanguage(record, journal.defaultLanguage);
  textElement(dc, 'dc:title', record.titleEn, { 'xml:lang': 'en' });
  textElement(dc, 'dc:title', record.titleAr, { 'xml:lang': 'ar' });
  for (const author of authorsOf(record)) textElement(dc, 'dc:creator', author);
  for (const keyword of record.keywords) textElement(dc, 'dc:subject', keyword);
  for (const [lang, text] of [
    ['en', record.abstractEn],
    ['ar', record.abstractAr],
  ] as const) {
    textElement(dc, 'dc:description', paragraphs(text).join('\n\n'), { 'xml:lang': lang });
  }
  const publishers = { en: journal.publisherEn, ar: journal.publisherAr };
  textElement(dc, 'dc:publisher', publishers[inLanguage(publishers, language)]);
  textElement(dc, 'dc:date', record.publishDate ?? record.issueDate);
  dc.ele('dc:type').txt('Text').up().ele('dc:type').txt('info:eu-repo/semantics/article');
  if (record.finalFileId !== null) textElement(dc, 'dc:format', 'application/pdf');
  textElement(dc, 'dc:identifier', paperUrl(publicUrl, journal.slug, record.paperId));
  if (record.doi) textElement(dc, 'dc:identifier', doiUrl(record.doi));
  const titles = { en: journal.titleEn, ar: journal.titleAr };
  const pages =
    record.fromPage === null ? '' : `; ${record.fromPage}${record.toPage === null ? '' : `-${record.toPage}`}`;
  textElement(
    dc,
    'dc:source',
    `${titles[inLanguage(titles, language)]}; Vol. ${record.volume} No. ${record.issue} (${record.publishMonth})${pages}`,
  );
  textElement(dc, 'dc:source', journal.printIssn);
  textElement(dc, 'dc:source', journal.onlineIssn);
  textElement(dc, 'dc:language', language);
  if (record.finalFileId !== null) textElement(dc, 'dc:relation', paperPdfUrl(publicUrl, journal.slug, record.paperId));
  // The paper's notices (decision 0088): its corrections, expressions of concern and retractions.
  for (const notice of record.notices) textElement(dc, 'dc:relation', noticeRelation(notice, journal.slug, publicUrl));
  textElement(dc, 'dc:rights', journal.licenseUrl);
}
