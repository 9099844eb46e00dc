import type { Language } from '@journals/core/enums';
import { specFieldName } from '@journals/core/errors';
import { translate } from '@journals/core/i18n/index';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { doiLink } from '@journals/core/rules/issues';
import {
  type MailPreviewResponse,
  type MailTemplateRequest,
  type MailTemplatesResponse,
  placeholdersOf,
  TEMPLATE_TYPES,
  type TemplateType,
  type TemplateValues,
  unknownPlaceholders,
} from '@journals/core/schemas/mail-templates';
import { sql } from 'drizzle-orm';
import { mailTemplates } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Journal } from '../../domain/journal-context';
import { mailDay, paperLink, paperValues, publicPaperLink } from '../../domain/paper-mail';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { asHtml, directedContent, fillHtml, fillSubject, plainText } from '../../mail/render';
import { commonValues, DEFAULT_TEMPLATES } from '../../mail/templates';

/**
 * The mail-templates screen (spec 03 "Mail template", §5 "Template edit"; issue 22 §3): every message type with the
 * journal's texts (or the platform's default while it has none) and the placeholders it fills; an edit of both
 * languages, cleaned like every rich text and refused when it names a placeholder its type does not fill; and a
 * preview of the unsaved text filled with the journal's newest paper. Mail reads the template when it is queued, so
 * an edit applies to every mail queued after it.
 */

export async function mailTemplateList({ db }: Pick<Deps, 'db'>, journal: Journal): Promise<MailTemplatesResponse> {
  const rows = await db
    .select()
    .from(mailTemplates)
    .where(sql`${mailTemplates.journalId} = ${journal.id}`);
  const own = new Map(rows.map((row) => [row.messageType, row]));
  return {
    items: TEMPLATE_TYPES.map((type) => {
      const fallback = DEFAULT_TEMPLATES[type];
      const row = own.get(type);
      const texts = {
        enTitle: row?.englishTitle ?? fallback.en.subject,
        arTitle: row?.arabicTitle ?? fallback.ar.subject,
        enContent: asHtml(row?.englishMessage ?? fallback.en.body),
        arContent: asHtml(row?.arabicMessage ?? fallback.ar.body),
      };
      // The demo journals hold the defaults as rows of their own: "edited" means the text is not the default.
      const edited =
        texts.enTitle !== fallback.en.subject ||
        texts.arTitle !== fallback.ar.subject ||
        texts.enContent !== fallback.en.body ||
        texts.arContent !== fallback.ar.body;
      return { type, placeholders: placeholdersOf(type), ...texts, edited };
    }),
  };
}

/** Refuses a text naming a placeholder its type does not fill, naming the field and the placeholders. */
function checkPlaceholders(type: TemplateType, body: MailTemplateRequest) {
  const fields = ['enTitle', 'arTitle', 'enContent', 'arContent'] as const;
  const unknown = unknownPlaceholders(type, ...fields.map((field) => body[field]));
  if (unknown.length === 0) return;
  const fieldErrors = Object.fromEntries(
    fields
      .filter((field) => unknownPlaceholders(type, body[field]).length > 0)
      .map((field) => [specFieldName([field]), ['mailTemplates.unknown_placeholder_field']]),
  );
  throw new AppError('validation', 'mailTemplates.unknown_placeholder', fieldErrors, {
    names: unknown.map((name) => `{_${name}_}`).join(', '),
  });
}

export async function saveMailTemplate(
  deps: Pick<Deps, 'db' | 'config'>,
  journal: Journal,
  type: TemplateType,
  body: MailTemplateRequest,
) {
  checkPlaceholders(type, body);
  const values = {
    englishTitle: body.enTitle.trim(),
    arabicTitle: body.arTitle.trim(),
    englishMessage: sanitizeRichText(body.enContent, deps.config.PUBLIC_URL),
    arabicMessage: sanitizeRichText(body.arContent, deps.config.PUBLIC_URL),
  };
  await deps.db
    .insert(mailTemplates)
    .values({ journalId: journal.id, messageType: type, ...values })
    .onConflictDoUpdate({ target: [mailTemplates.journalId, mailTemplates.messageType], set: values });
}

interface PreviewPaper {
  id: number;
  title: string;
  code: string | null;
  abstract: string;
  submittedAt: Date | string | null;
  version: number;
  authorName: string | null;
  volume: number | null;
  issue: string | null;
  doi: string | null;
}

/** The journal's newest submitted paper, with its author and, when it has one, its issue and DOI: one statement. */
async function newestPaper({ db }: Pick<Deps, 'db'>, journal: Journal): Promise<PreviewPaper | undefined> {
  const [row] = await rowsOf<PreviewPaper>(
    db,
    sql`select p.id, p.title, p.code, p.abstract, p.submitted_at as "submittedAt", p.version,
        u.full_name as "authorName", i.volume, i.issue, a.doi
      from papers p
      left join users u on u.id = p.creator_id
      left join issues i on i.id = p.issue_id
      left join archived_papers a on a.paper_id = p.id
      where p.journal_id = ${journal.id} and p.code is not null and not p.superseded
      order by p.id desc
      limit 1`,
  );
  return row;
}

const inDays = (days: number) => mailDay(new Date(Date.now() + days * 86_400_000));

/**
 * Every placeholder's value for a preview in one language: the paper's own where it has them, and for what only a
 * real event carries (a reason, a decision, a link's token) a sample text in that language. Links lead to the
 * journal's pages without any token.
 */
function previewValues(
  deps: Pick<Deps, 'config'>,
  journal: Journal,
  caller: { fullName: string; email: string },
  language: Language,
  paper: PreviewPaper | undefined,
): TemplateValues {
  const sample = (key: string) => translate(language, `mailTemplates.sample_${key}`);
  const base = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}`;
  const author = paper?.authorName ?? sample('author');
  const values: TemplateValues = paper
    ? paperValues(deps.config, journal, {
        ...paper,
        code: paper.code,
        submittedAt: paper.submittedAt ? new Date(paper.submittedAt) : null,
      })
    : {
        Proposal_Title: sample('title'),
        Proposal_Number: 'ABC-2026-001',
        Proposal_Send_Date: inDays(0),
        Proposal_Abstract: sample('abstract'),
        Proposal_Download_Link: `${base}/dashboard`,
      };
  return {
    ...commonValues(journal, language, caller.fullName),
    ...values,
    Author_Name: author,
    Person: author,
    Reviewing_Deadline: inDays(14),
    Old_Deadline: inDays(7),
    Revision_Deadline: inDays(30),
    Proposal_Comments: sample('comments'),
    AcceptReviewLink: `${base}/dashboard/reviewing`,
    Refuse_Review_Link: `${base}/dashboard/reviewing`,
    Refuse_Reviewing_Reason: sample('refusal'),
    Refuse_Paper_Reason: sample('refusal'),
    Suggested_Reviewer: sample('suggested'),
    Final_Decision: translate(language, 'submissions.decision_1'),
    Issue: paper?.issue ?? '1',
    Volume: String(paper?.volume ?? 1),
    Paper_Link: paper ? publicPaperLink(deps.config, journal, paper.id) : `${base}/archive`,
    Paper_DOI: paper?.doi ? doiLink(paper.doi) : '-',
    Account_Link: `${base}/login`,
    Link_Validity: translate(language, 'mail.days', { count: TOKEN_LIFETIMES.invitationDays }),
    Paper_Version: String(paper?.version ?? 1),
    Sender_Email: caller.email,
    Message: sample('message'),
    Journal_Roles: translate(language, 'users.role_reviewer'),
    Notice_Kind: translate(language, 'notices.kind_correction'),
    Notice_Text: sample('notice'),
    Notice_Date: mailDay(new Date()),
    ...(paper ? { Proposal_Download_Link: paperLink(deps.config, journal, paper.id) } : {}),
  };
}

export async function previewMailTemplate(
  deps: Pick<Deps, 'db' | 'config'>,
  journal: Journal,
  caller: { fullName: string; email: string },
  type: TemplateType,
  body: { language: Language; title: string; content: string },
): Promise<MailPreviewResponse> {
  const paper = await newestPaper(deps, journal);
  const all = previewValues(deps, journal, caller, body.language, paper);
  const known = new Set<string>(placeholdersOf(type));
  // Only the type's own placeholders are filled, as its mails fill them: an unknown one shows up empty here too.
  const values = Object.fromEntries(Object.entries(all).filter(([name]) => known.has(name))) as TemplateValues;
  const content = fillHtml(asHtml(sanitizeRichText(body.content, deps.config.PUBLIC_URL)), values);
  return {
    subject: fillSubject(body.title, values),
    html: directedContent(body.language, content),
    text: plainText(content),
    paperCode: paper?.code ?? null,
  };
}
