import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import type { NoticeKind } from '@journals/core/rules/notices';
import type { PublicNotice } from '@journals/core/schemas/notices';
import { noticeUrl } from '../../domain/archive-links';
import { type HarvestJournal, inLanguage } from './harvest-journal';
import type { ArchiveRecord } from './published-records';
import { type Element, xmlText } from './xml';

/**
 * A paper's notices in the machines' records (issue 46 §2, decision 0088): each notice with a DOI as a Crossref
 * record of its own carrying the Crossmark `update` relation to the paper, JATS `related-article` links from the
 * paper to its notices, and OAI-PMH `dc:relation`s.
 */

/** Crossref's update types (crossref5.3.1.xsd, `update/@type`) for our kinds. */
export const CROSSREF_UPDATE_TYPE: Record<NoticeKind, string> = {
  correction: 'correction',
  expressionOfConcern: 'expression_of_concern',
  retraction: 'retraction',
};

/** JATS 1.3 `@related-article-type` on the paper, pointing forward at its notice (JATS4R, PMC tagging). */
export const JATS_RELATED_TYPE: Record<NoticeKind, string> = {
  correction: 'correction-forward',
  expressionOfConcern: 'expression-of-concern-forward',
  retraction: 'retraction-forward',
};

/**
 * The Crossmark policy page's DOI every `crossmark` element must name (crossmark5.3.1: `crossmark_policy` is
 * required). The journals have no policy page of their own yet; Crossref's own deposit tool names this one when a
 * depositor gave none (decision 0088).
 */
export const CROSSMARK_POLICY_DOI = '10.13003/0pyd3js';

/**
 * Each notice of the record that has a DOI, as a `journal_article` of its own after the paper's: its title (the
 * kind and the paper's title, in the paper's language), its date, the Crossmark update relation to the paper's DOI
 * and its own page. None when the paper has no DOI (there is nothing to relate it to).
 */
export function noticeArticles(
  body: Element,
  journal: HarvestJournal,
  record: ArchiveRecord,
  language: Language,
  publicUrl: string,
) {
  if (!record.doi) return;
  for (const notice of record.notices) {
    if (!notice.doi) continue;
    const article = body.ele('journal_article', { publication_type: 'full_text', language });
    const titles = { en: record.titleEn, ar: record.titleAr };
    const kind = translate(language, `archive.notice_title_${notice.kind}`);
    article
      .ele('titles')
      .ele('title')
      .txt(xmlText(`${kind}: ${titles[inLanguage(titles, language)].trim()}`));
    const [year, month, day] = notice.noticeDate.split('-');
    const date = article.ele('publication_date', { media_type: 'online' });
    date.ele('month').txt(month!).up().ele('day').txt(day!).up().ele('year').txt(year!);
    const crossmark = article.ele('crossmark');
    crossmark.ele('crossmark_policy').txt(CROSSMARK_POLICY_DOI);
    crossmark
      .ele('updates')
      .ele('update', { type: CROSSREF_UPDATE_TYPE[notice.kind], date: notice.noticeDate })
      .txt(xmlText(record.doi));
    const doiData = article.ele('doi_data');
    doiData.ele('doi').txt(xmlText(notice.doi));
    doiData.ele('resource').txt(noticeUrl(publicUrl, journal.slug, notice.id));
  }
}

/** The paper's `related-article` links to its notices (JATS 1.3, after `self-uri`, before the abstracts). */
export function relatedArticles(meta: Element, journal: HarvestJournal, notices: PublicNotice[], publicUrl: string) {
  for (const notice of notices) {
    meta.ele('related-article', {
      id: `notice-${notice.id}`,
      'related-article-type': JATS_RELATED_TYPE[notice.kind],
      ...(notice.doi
        ? { 'ext-link-type': 'doi', 'xlink:href': notice.doi }
        : { 'ext-link-type': 'uri', 'xlink:href': noticeUrl(publicUrl, journal.slug, notice.id) }),
    });
  }
}
