import { isoDay } from '@journals/core/reviewing';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { Deps } from '../lib/deps';
import type { PaperValues } from '@journals/core/schemas/mail-templates';
import type { Recipient } from '../mail/templates';
import type { Journal } from './journal-context';
import type { Paper } from './paper-access';

/** What the mails about a paper fill in (the review loop's, the decisions', the reminders'): links, days, values. */

export async function recipientOf(tx: Tx, userId: number): Promise<Recipient | undefined> {
  const [row] = await tx
    .select({ email: users.email, language: users.language, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The paper page's address, for mails. */
export const paperLink = (config: Deps['config'], journal: Pick<Journal, 'slug'>, paperId: number) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/dashboard/papers/${paperId}`;

/** The public page of a published paper. */
export const publicPaperLink = (config: Deps['config'], journal: Pick<Journal, 'slug'>, paperId: number) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/archive/papers/${paperId}`;

/** A day as mails write it: day/month/year. */
export const mailDay = (day: string | Date | null | undefined) => {
  if (!day) return '';
  const iso = typeof day === 'string' ? day.slice(0, 10) : isoDay(day);
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
};

/** The values every paper mail fills. */
export const paperValues = (
  config: Deps['config'],
  journal: Pick<Journal, 'slug'>,
  paper: Pick<Paper, 'id' | 'title' | 'code' | 'submittedAt' | 'abstract'>,
): PaperValues => ({
  Proposal_Title: paper.title,
  Proposal_Number: paper.code ?? '',
  Proposal_Send_Date: mailDay(paper.submittedAt),
  Proposal_Abstract: paper.abstract,
  Proposal_Download_Link: paperLink(config, journal, paper.id),
});
