import type { Language } from '@journals/core/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mailTemplates } from '../db/schema';
import type { OutgoingMail } from './outbox';

/**
 * The journal's editable mails (spec 03 §3 "Mail template", DESIGN §7): per journal, per message type, in both
 * languages, with the spec's placeholders. A journal without its own row for a type uses the default below; the
 * seed writes the defaults into every demo journal, and the editing screen comes with administration.
 */
export const TEMPLATE_TYPES = [
  'reviewInvitation',
  'invitationAccepted',
  'invitationRefused',
  'deadlineChanged',
  'reviewFinished',
  'reviewerReminder',
  'reviewerRemoved',
  'reviewerInvitationPending',
  'reviewerReviewDueSoon',
  'reviewerReviewDueToday',
  'authorRevisionDue',
  'editorNoReviewer',
  'finalDecision',
  'directRefusal',
  'paperPublished',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/**
 * The spec's placeholders (spec 03 §3), plus the decision, the old deadline and the revision deadline that these
 * mails need.
 */
export const PLACEHOLDERS = [
  'Board_Title',
  'User_Name',
  'Author_Name',
  'Proposal_Title',
  'Person',
  'Proposal_Number',
  'Proposal_Send_Date',
  'Proposal_Abstract',
  'Authors_List',
  'Reviewing_Deadline',
  'Old_Deadline',
  'Proposal_Comments',
  'AcceptReviewLink',
  'Refuse_Review_Link',
  'Proposal_Download_Link',
  'Refuse_Reviewing_Reason',
  'Refuse_Paper_Reason',
  'Suggested_Reviewer',
  'Final_Decision',
  'Revision_Deadline',
  'Issue',
  'Volume',
  'Paper_Link',
  'Paper_DOI',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<Placeholder, string>>;

interface Text {
  subject: string;
  body: string;
}
export const DEFAULT_TEMPLATES: Record<TemplateType, Record<Language, Text>> = {
  reviewInvitation: {
    en: {
      subject: '{_Board_Title_}: invitation to review "{_Proposal_Title_}"',
      body: 'Dear {_User_Name_},\n\nThe editors of {_Board_Title_} invite you to review the proposal "{_Proposal_Title_}" ({_Proposal_Number_}), submitted on {_Proposal_Send_Date_}.\n\nAbstract:\n{_Proposal_Abstract_}\n\nWe would be grateful for your review by {_Reviewing_Deadline_}.\n\nTo accept the invitation: {_AcceptReviewLink_}\nTo decline it: {_Refuse_Review_Link_}\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: دعوة لتحكيم «{_Proposal_Title_}»',
      body: 'السيد/ة {_User_Name_}،\n\nيدعوكم محررو {_Board_Title_} إلى تحكيم المقترح «{_Proposal_Title_}» ({_Proposal_Number_}) المقدَّم بتاريخ {_Proposal_Send_Date_}.\n\nالملخص:\n{_Proposal_Abstract_}\n\nنرجو أن يصلنا تحكيمكم قبل {_Reviewing_Deadline_}.\n\nلقبول الدعوة: {_AcceptReviewLink_}\nللاعتذار عنها: {_Refuse_Review_Link_}\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  invitationAccepted: {
    en: {
      subject: '{_Board_Title_}: {_Person_} accepted to review {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\n{_Person_} accepted the invitation to review "{_Proposal_Title_}" ({_Proposal_Number_}). The review is due by {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: قبل {_Person_} تحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nقبل {_Person_} دعوة تحكيم «{_Proposal_Title_}» ({_Proposal_Number_})، والموعد النهائي للتحكيم {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
  },
  invitationRefused: {
    en: {
      subject: '{_Board_Title_}: {_Person_} declined to review {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\n{_Person_} declined the invitation to review "{_Proposal_Title_}" ({_Proposal_Number_}).\n\nReason: {_Refuse_Reviewing_Reason_}\nSuggested reviewer: {_Suggested_Reviewer_}\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: اعتذر {_Person_} عن تحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nاعتذر {_Person_} عن دعوة تحكيم «{_Proposal_Title_}» ({_Proposal_Number_}).\n\nالسبب: {_Refuse_Reviewing_Reason_}\nالمحكِّم المقترح: {_Suggested_Reviewer_}\n\n{_Proposal_Download_Link_}',
    },
  },
  deadlineChanged: {
    en: {
      subject: '{_Board_Title_}: new review deadline for {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\nThe review deadline of {_Person_} for "{_Proposal_Title_}" ({_Proposal_Number_}) moved from {_Old_Deadline_} to {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: موعد تحكيم جديد لـ {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nتغيّر الموعد النهائي لتحكيم {_Person_} لـ«{_Proposal_Title_}» ({_Proposal_Number_}) من {_Old_Deadline_} إلى {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
  },
  reviewFinished: {
    en: {
      subject: '{_Board_Title_}: review of {_Proposal_Number_} received',
      body: 'Dear {_User_Name_},\n\n{_Person_} submitted the review of "{_Proposal_Title_}" ({_Proposal_Number_}).\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: وصل تحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nأرسل {_Person_} تحكيم «{_Proposal_Title_}» ({_Proposal_Number_}).\n\n{_Proposal_Download_Link_}',
    },
  },
  reviewerReminder: {
    en: {
      subject: '{_Board_Title_}: reminder, review of {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\nThis is a reminder that your review of "{_Proposal_Title_}" ({_Proposal_Number_}) was due by {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: تذكير بتحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nنذكّركم بأن موعد تحكيم «{_Proposal_Title_}» ({_Proposal_Number_}) هو {_Reviewing_Deadline_}.\n\n{_Proposal_Download_Link_}',
    },
  },
  reviewerRemoved: {
    en: {
      subject: '{_Board_Title_}: review of {_Proposal_Number_} no longer needed',
      body: 'Dear {_User_Name_},\n\nThe editors no longer need your review of "{_Proposal_Title_}" ({_Proposal_Number_}). Thank you for your time.\n\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: لم يعد تحكيم {_Proposal_Number_} مطلوبًا',
      body: 'السيد/ة {_User_Name_}،\n\nلم يعد المحررون بحاجة إلى تحكيمكم لـ«{_Proposal_Title_}» ({_Proposal_Number_}). شكرًا لوقتكم.\n\n{_Board_Title_}',
    },
  },
  finalDecision: {
    en: {
      subject: '{_Board_Title_}: decision on {_Proposal_Number_}',
      body: 'Dear {_Author_Name_},\n\nThe editors of {_Board_Title_} have decided on your proposal "{_Proposal_Title_}" ({_Proposal_Number_}): {_Final_Decision_}.\n\n{_Proposal_Comments_}\n\nYou can read the decision on the paper page: {_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: القرار في {_Proposal_Number_}',
      body: 'السيد/ة {_Author_Name_}،\n\nاتخذ محررو {_Board_Title_} قرارهم في مقترحكم «{_Proposal_Title_}» ({_Proposal_Number_}): {_Final_Decision_}.\n\n{_Proposal_Comments_}\n\nيمكنكم قراءة القرار في صفحة البحث: {_Proposal_Download_Link_}',
    },
  },
  directRefusal: {
    en: {
      subject: '{_Board_Title_}: your proposal {_Proposal_Number_}',
      body: 'Dear {_Author_Name_},\n\nWe regret that the editors of {_Board_Title_} cannot send your proposal "{_Proposal_Title_}" ({_Proposal_Number_}) to review.\n\n{_Refuse_Paper_Reason_}\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: مقترحكم {_Proposal_Number_}',
      body: 'السيد/ة {_Author_Name_}،\n\nنأسف لأن محرري {_Board_Title_} لا يستطيعون إرسال مقترحكم «{_Proposal_Title_}» ({_Proposal_Number_}) إلى التحكيم.\n\n{_Refuse_Paper_Reason_}\n\n{_Proposal_Download_Link_}',
    },
  },
  reviewerInvitationPending: {
    en: {
      subject: '{_Board_Title_}: your answer to our invitation to review {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\nA few days ago the editors of {_Board_Title_} invited you to review the proposal "{_Proposal_Title_}" ({_Proposal_Number_}), and we have not yet had your answer. The review would be due by {_Reviewing_Deadline_}.\n\nTo accept the invitation: {_AcceptReviewLink_}\nTo decline it: {_Refuse_Review_Link_}\n\nA short answer either way helps us find the right reviewers in time.\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: ننتظر ردّكم على دعوة تحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nدعاكم محررو {_Board_Title_} قبل أيام إلى تحكيم المقترح «{_Proposal_Title_}» ({_Proposal_Number_})، ولم يصلنا ردّكم بعد. الموعد النهائي للتحكيم {_Reviewing_Deadline_}.\n\nلقبول الدعوة: {_AcceptReviewLink_}\nللاعتذار عنها: {_Refuse_Review_Link_}\n\nيساعدنا ردّكم، بالقبول أو بالاعتذار، على اختيار المحكِّمين في الوقت المناسب.\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  reviewerReviewDueSoon: {
    en: {
      subject: '{_Board_Title_}: your review of {_Proposal_Number_} is due on {_Reviewing_Deadline_}',
      body: 'Dear {_User_Name_},\n\nThank you for reviewing "{_Proposal_Title_}" ({_Proposal_Number_}). This is a friendly reminder that your review is due on {_Reviewing_Deadline_}.\n\nIf you need more time, you can ask for a new deadline from the paper page: {_Proposal_Download_Link_}\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: موعد تحكيم {_Proposal_Number_} يوم {_Reviewing_Deadline_}',
      body: 'السيد/ة {_User_Name_}،\n\nنشكركم على تحكيم «{_Proposal_Title_}» ({_Proposal_Number_})، ونذكّركم بأن الموعد النهائي للتحكيم يوم {_Reviewing_Deadline_}.\n\nإن احتجتم إلى وقت أطول فيمكنكم طلب موعد جديد من صفحة البحث: {_Proposal_Download_Link_}\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  reviewerReviewDueToday: {
    en: {
      subject: '{_Board_Title_}: your review of {_Proposal_Number_} is due today',
      body: 'Dear {_User_Name_},\n\nYour review of "{_Proposal_Title_}" ({_Proposal_Number_}) is due today, {_Reviewing_Deadline_}.\n\nYou can submit it, or ask for a new deadline, from the paper page: {_Proposal_Download_Link_}\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: اليوم موعد تحكيم {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nاليوم {_Reviewing_Deadline_} هو الموعد النهائي لتحكيم «{_Proposal_Title_}» ({_Proposal_Number_}).\n\nيمكنكم إرسال التحكيم، أو طلب موعد جديد، من صفحة البحث: {_Proposal_Download_Link_}\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  authorRevisionDue: {
    en: {
      subject: '{_Board_Title_}: the revision of {_Proposal_Number_} is due on {_Revision_Deadline_}',
      body: 'Dear {_Author_Name_},\n\nThe editors of {_Board_Title_} accepted your proposal "{_Proposal_Title_}" ({_Proposal_Number_}) with modifications. This is a reminder that the revised version is due by {_Revision_Deadline_}.\n\nYou can read the requested changes and send the revision from the paper page: {_Proposal_Download_Link_}\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: موعد تسليم تعديل {_Proposal_Number_} {_Revision_Deadline_}',
      body: 'السيد/ة {_Author_Name_}،\n\nقَبِل محررو {_Board_Title_} مقترحكم «{_Proposal_Title_}» ({_Proposal_Number_}) مع تعديلات، ونذكّركم بأن آخر موعد لإرسال النسخة المعدَّلة {_Revision_Deadline_}.\n\nيمكنكم قراءة التعديلات المطلوبة وإرسال النسخة المعدَّلة من صفحة البحث: {_Proposal_Download_Link_}\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  paperPublished: {
    en: {
      subject: '{_Board_Title_}: your paper is published in volume {_Volume_}, issue {_Issue_}',
      body: 'Dear {_Author_Name_},\n\nWe are pleased to tell you that your paper "{_Proposal_Title_}" ({_Proposal_Number_}) is published in {_Board_Title_}, volume {_Volume_}, issue {_Issue_}.\n\nRead it on the journal\'s site: {_Paper_Link_}\nDOI: {_Paper_DOI_}\n\nWith thanks,\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: نُشر بحثكم في المجلد {_Volume_}، العدد {_Issue_}',
      body: 'السيد/ة {_Author_Name_}،\n\nيسعدنا إبلاغكم بأن بحثكم «{_Proposal_Title_}» ({_Proposal_Number_}) نُشر في {_Board_Title_}، المجلد {_Volume_}، العدد {_Issue_}.\n\nيمكنكم قراءته على موقع المجلة: {_Paper_Link_}\nالمعرّف الرقمي (DOI): {_Paper_DOI_}\n\nمع الشكر،\n{_Board_Title_}',
    },
  },
  editorNoReviewer: {
    en: {
      subject: '{_Board_Title_}: {_Proposal_Number_} is waiting for a reviewer',
      body: 'Dear {_User_Name_},\n\nThe proposal "{_Proposal_Title_}" ({_Proposal_Number_}), submitted on {_Proposal_Send_Date_}, has no reviewer yet. Please invite reviewers or decide on it.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: {_Proposal_Number_} بانتظار محكِّم',
      body: 'السيد/ة {_User_Name_}،\n\nلم يُدعَ بعدُ أيُّ محكِّم إلى المقترح «{_Proposal_Title_}» ({_Proposal_Number_}) المقدَّم بتاريخ {_Proposal_Send_Date_}. يُرجى دعوة محكِّمين أو اتخاذ قرار فيه.\n\n{_Proposal_Download_Link_}',
    },
  },
};

/** Fills `{_Name_}` placeholders; an unknown or unset one is left out. */
export function fillPlaceholders(text: string, values: TemplateValues): string {
  return text.replace(/\{_([A-Za-z_]+?)_\}/g, (_, name: string) => values[name as Placeholder] ?? '');
}

/** The rows the seed writes for a journal: every type's default. */
export const defaultTemplateRows = (journalId: number) =>
  TEMPLATE_TYPES.map((messageType) => ({
    journalId,
    messageType,
    englishTitle: DEFAULT_TEMPLATES[messageType].en.subject,
    arabicTitle: DEFAULT_TEMPLATES[messageType].ar.subject,
    englishMessage: DEFAULT_TEMPLATES[messageType].en.body,
    arabicMessage: DEFAULT_TEMPLATES[messageType].ar.body,
  }));

export interface Recipient {
  email: string;
  language: Language;
  fullName: string;
}

type JournalOfMail = { id: number; email: string; titleEn: string; titleAr: string };

/**
 * The texts of one message type for several journals, in one query: each journal's own row, or the default.
 */
export async function journalTemplates(
  tx: Tx,
  journalIds: readonly number[],
  type: TemplateType,
): Promise<(journalId: number) => Record<Language, Text>> {
  const rows =
    journalIds.length === 0
      ? []
      : await tx
          .select()
          .from(mailTemplates)
          .where(and(inArray(mailTemplates.journalId, [...new Set(journalIds)]), eq(mailTemplates.messageType, type)));
  const own = new Map<number, Record<Language, Text>>(
    rows.map((row) => [
      row.journalId,
      {
        en: { subject: row.englishTitle, body: row.englishMessage },
        ar: { subject: row.arabicTitle, body: row.arabicMessage },
      },
    ]),
  );
  return (journalId) => own.get(journalId) ?? DEFAULT_TEMPLATES[type];
}

/** One mail of a template to one person, in their language; Reply-To is the journal's address. */
export function renderTemplate(
  journal: JournalOfMail,
  texts: Record<Language, Text>,
  type: TemplateType,
  recipient: Recipient,
  values: TemplateValues,
): OutgoingMail {
  const all: TemplateValues = {
    Board_Title: recipient.language === 'ar' ? journal.titleAr : journal.titleEn,
    User_Name: recipient.fullName,
    ...values,
  };
  const text = texts[recipient.language];
  return {
    journalId: journal.id,
    to: recipient.email,
    replyTo: journal.email || null,
    kind: type,
    subject: fillPlaceholders(text.subject, all).replace(/\s+/g, ' ').trim(),
    text: fillPlaceholders(text.body, all),
  };
}

/**
 * The mails of one type to several people, each in their language, from the journal's template (one query for
 * the template, whatever the number of recipients).
 */
export async function templateMails(
  tx: Tx,
  journal: JournalOfMail,
  type: TemplateType,
  recipients: readonly Recipient[],
  values: TemplateValues | ((recipient: Recipient) => TemplateValues),
): Promise<OutgoingMail[]> {
  if (recipients.length === 0) return [];
  const texts = (await journalTemplates(tx, [journal.id], type))(journal.id);
  return recipients.map((recipient) =>
    renderTemplate(journal, texts, type, recipient, typeof values === 'function' ? values(recipient) : values),
  );
}
