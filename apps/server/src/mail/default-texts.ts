import type { Language } from '@journals/core/enums';
import type { TemplateType } from '@journals/core/schemas/mail-templates';

/**
 * The platform's default text of every mail type in both languages (issue 22 §3, decision 0048), written as plain
 * text for reading; mail/templates.ts gives them out as HTML. A journal sends these until it writes its own.
 */

export interface Text {
  subject: string;
  body: string;
}
export const DEFAULT_TEXTS: Record<TemplateType, Record<Language, Text>> = {
  activation: {
    en: {
      subject: '{_Board_Title_}: activate your account',
      body: 'Dear {_User_Name_},\n\nThank you for registering with {_Board_Title_}. Open this link to activate your account (valid for {_Link_Validity_}):\n{_Account_Link_}\n\nIf you did not register, ignore this message.',
    },
    ar: {
      subject: '{_Board_Title_}: فعّل حسابك',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nشكرًا لتسجيلك في {_Board_Title_}. افتح هذا الرابط لتفعيل حسابك (صالح لمدة {_Link_Validity_}):\n{_Account_Link_}\n\nإذا لم تقم بالتسجيل، تجاهل هذه الرسالة.',
    },
  },
  passwordReset: {
    en: {
      subject: '{_Board_Title_}: reset your password',
      body: 'Dear {_User_Name_},\n\nSomeone asked to reset the password of your account. Open this link to choose a new password (valid for {_Link_Validity_}):\n{_Account_Link_}\n\nIf it was not you, ignore this message; your password stays as it is.',
    },
    ar: {
      subject: '{_Board_Title_}: إعادة تعيين كلمة المرور',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nطلب أحدهم إعادة تعيين كلمة المرور لحسابك. افتح هذا الرابط لاختيار كلمة مرور جديدة (صالح لمدة {_Link_Validity_}):\n{_Account_Link_}\n\nإذا لم تكن أنت، تجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
    },
  },
  accountInvitation: {
    en: {
      subject: '{_Board_Title_}: an account has been made for you',
      body: 'Dear {_User_Name_},\n\nThe editors of {_Board_Title_} have made you an account with this e-mail address. Open this link to choose your password (valid for {_Link_Validity_}):\n{_Account_Link_}\n\nIf you did not expect this, ignore this message; nobody can sign in to the account without the password you choose.',
    },
    ar: {
      subject: '{_Board_Title_}: أُنشئ لك حساب',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nأنشأ لك محررو {_Board_Title_} حسابًا بعنوان البريد الإلكتروني هذا. افتح هذا الرابط لاختيار كلمة المرور (صالح لمدة {_Link_Validity_}):\n{_Account_Link_}\n\nإذا لم تكن تتوقع هذه الرسالة، تجاهلها؛ لا يستطيع أحد الدخول إلى الحساب دون كلمة المرور التي تختارها.',
    },
  },
  journalInvitation: {
    en: {
      subject: '{_Board_Title_}: an invitation to join the journal',
      body: 'Dear {_User_Name_},\n\nThe editors of {_Board_Title_} invite you to join the journal as: {_Journal_Roles_}. Open this link, signed in with this e-mail address, to accept or decline (valid for {_Link_Validity_}):\n{_Account_Link_}\n\nNothing changes until you answer; if you did not expect this, ignore this message.',
    },
    ar: {
      subject: '{_Board_Title_}: دعوة للانضمام إلى المجلة',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nيدعوك محررو {_Board_Title_} إلى الانضمام إلى المجلة بصفة: {_Journal_Roles_}. افتح هذا الرابط وأنت مسجّل الدخول بعنوان البريد الإلكتروني هذا لقبول الدعوة أو رفضها (صالح لمدة {_Link_Validity_}):\n{_Account_Link_}\n\nلا يتغير شيء حتى تجيب؛ إذا لم تكن تتوقع هذه الرسالة، تجاهلها.',
    },
  },
  importedAccountInvitation: {
    en: {
      subject: '{_Board_Title_}: your account has moved with the journal',
      body: 'Dear {_User_Name_},\n\n{_Board_Title_} has moved to a new platform and brought your account with it, under this e-mail address. Open this link to choose your password (valid for {_Link_Validity_}):\n{_Account_Link_}\n\nIf you did not expect this, ignore this message; nobody can sign in to the account without the password you choose.',
    },
    ar: {
      subject: '{_Board_Title_}: انتقل حسابك مع المجلة',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nانتقلت {_Board_Title_} إلى منصة جديدة ونقلت معها حسابك بعنوان البريد الإلكتروني هذا. افتح هذا الرابط لاختيار كلمة المرور (صالح لمدة {_Link_Validity_}):\n{_Account_Link_}\n\nإذا لم تكن تتوقع هذه الرسالة، تجاهلها؛ لا يستطيع أحد الدخول إلى الحساب دون كلمة المرور التي تختارها.',
    },
  },
  paperReceived: {
    en: {
      subject: '{_Board_Title_}: your paper {_Proposal_Number_} has been received',
      body: 'Dear {_User_Name_},\n\nWe have received your paper "{_Proposal_Title_}" with the code {_Proposal_Number_}. You can follow its review from your dashboard: {_Proposal_Download_Link_}\n\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: تم استلام بحثك {_Proposal_Number_}',
      body: 'عزيزي/عزيزتي {_User_Name_}،\n\nاستلمنا بحثك «{_Proposal_Title_}» برمز {_Proposal_Number_}. يمكنك متابعة تحكيمه من لوحة التحكم: {_Proposal_Download_Link_}\n\n{_Board_Title_}',
    },
  },
  newProposal: {
    en: {
      subject: '{_Board_Title_}: new proposal {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\nA new proposal "{_Proposal_Title_}" with the code {_Proposal_Number_} has been submitted by {_Person_} and waits for your review.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: مقترح جديد {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nتم إرسال مقترح جديد «{_Proposal_Title_}» برمز {_Proposal_Number_} من {_Person_} وهو بانتظار مراجعتك.\n\n{_Proposal_Download_Link_}',
    },
  },
  newRevision: {
    en: {
      subject: '{_Board_Title_}: revised version of {_Proposal_Number_}',
      body: 'Dear {_User_Name_},\n\nA revised version (version {_Paper_Version_}) of the paper "{_Proposal_Title_}" ({_Proposal_Number_}) has been submitted by {_Person_}.\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: نسخة معدلة من {_Proposal_Number_}',
      body: 'السيد/ة {_User_Name_}،\n\nتم إرسال نسخة معدلة (النسخة {_Paper_Version_}) من البحث «{_Proposal_Title_}» ({_Proposal_Number_}) من {_Person_}.\n\n{_Proposal_Download_Link_}',
    },
  },
  mailStaff: {
    en: {
      subject: '{_Board_Title_}: message about paper {_Proposal_Number_}',
      body: '{_Person_} ({_Sender_Email_}) wrote about the paper "{_Proposal_Title_}" ({_Proposal_Number_}):\n\n{_Message_}\n\n{_Proposal_Download_Link_}',
    },
    ar: {
      subject: '{_Board_Title_}: رسالة بخصوص البحث {_Proposal_Number_}',
      body: 'كتب {_Person_} ({_Sender_Email_}) بخصوص البحث «{_Proposal_Title_}» ({_Proposal_Number_}):\n\n{_Message_}\n\n{_Proposal_Download_Link_}',
    },
  },
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
  paperNotice: {
    en: {
      subject: '{_Board_Title_}: {_Notice_Kind_} of your paper {_Proposal_Number_}',
      body: 'Dear {_Author_Name_},\n\nThe editors of {_Board_Title_} have published a notice about your paper "{_Proposal_Title_}" ({_Proposal_Number_}): {_Notice_Kind_}, dated {_Notice_Date_}.\n\n{_Notice_Text_}\n\nThe notice is shown on the paper\'s page, which stays published and readable: {_Paper_Link_}\n\n{_Board_Title_}',
    },
    ar: {
      subject: '{_Board_Title_}: {_Notice_Kind_} لبحثكم {_Proposal_Number_}',
      body: 'السيد/ة {_Author_Name_}،\n\nنشرت هيئة تحرير {_Board_Title_} إشعارًا عن بحثكم «{_Proposal_Title_}» ({_Proposal_Number_}): {_Notice_Kind_}، بتاريخ {_Notice_Date_}.\n\n{_Notice_Text_}\n\nيظهر الإشعار في صفحة البحث، ويبقى البحث منشورًا ومتاحًا للقراءة: {_Paper_Link_}\n\n{_Board_Title_}',
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
