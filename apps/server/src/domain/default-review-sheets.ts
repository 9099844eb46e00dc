import { ANSWER_TYPES } from '@journals/core/reviewing';

/**
 * The review sheets a journal starts with (issue 9 §3; a new journal takes the general one, issue 22 §4): the general journal rates and asks yes/no; the ethics committee
 * asks the study design with its conditional sub-types, blinding, risk, harm, benefit and vulnerable populations.
 */
interface SeedQuestion {
  groupEn: string;
  groupAr: string;
  textEn: string;
  textAr: string;
  type: number;
}

const T = ANSWER_TYPES;

const GENERAL: SeedQuestion[] = [
  {
    groupEn: 'Originality and significance',
    groupAr: 'الأصالة والأهمية',
    textEn: 'How original is the research question?',
    textAr: 'ما مدى أصالة سؤال البحث؟',
    type: T.rating,
  },
  {
    groupEn: 'Originality and significance',
    groupAr: 'الأصالة والأهمية',
    textEn: 'How significant are the expected findings for the field?',
    textAr: 'ما أهمية النتائج المتوقعة للمجال؟',
    type: T.rating,
  },
  {
    groupEn: 'Methods',
    groupAr: 'المنهجية',
    textEn: 'Are the methods appropriate and clearly described?',
    textAr: 'هل المنهجية مناسبة وموصوفة بوضوح؟',
    type: T.rating,
  },
  {
    groupEn: 'Methods',
    groupAr: 'المنهجية',
    textEn: 'Is the sample size justified?',
    textAr: 'هل حجم العينة مُبرَّر؟',
    type: T.yesNo,
  },
  {
    groupEn: 'Presentation',
    groupAr: 'العرض',
    textEn: 'How clear is the writing?',
    textAr: 'ما مدى وضوح الكتابة؟',
    type: T.rating,
  },
  {
    groupEn: 'Presentation',
    groupAr: 'العرض',
    textEn: 'Do the conclusions follow from the results?',
    textAr: 'هل تنبع الاستنتاجات من النتائج؟',
    type: T.yesNo,
  },
];

const ETHICS: SeedQuestion[] = [
  {
    groupEn: 'Study design',
    groupAr: 'تصميم الدراسة',
    textEn: 'What is the design of the study?',
    textAr: 'ما تصميم الدراسة؟',
    type: T.design,
  },
  {
    groupEn: 'Study design',
    groupAr: 'تصميم الدراسة',
    textEn: 'Which kind of descriptive study is it?',
    textAr: 'ما نوع الدراسة الوصفية؟',
    type: T.descriptive,
  },
  {
    groupEn: 'Study design',
    groupAr: 'تصميم الدراسة',
    textEn: 'Which kind of analytic study is it?',
    textAr: 'ما نوع الدراسة التحليلية؟',
    type: T.analytic,
  },
  {
    groupEn: 'Study design',
    groupAr: 'تصميم الدراسة',
    textEn: 'Which phase or kind of experimental study is it?',
    textAr: 'ما مرحلة الدراسة التجريبية أو نوعها؟',
    type: T.experimental,
  },
  {
    groupEn: 'Study design',
    groupAr: 'تصميم الدراسة',
    textEn: 'How is the study blinded?',
    textAr: 'ما نوع التعمية في الدراسة؟',
    type: T.blinding,
  },
  {
    groupEn: 'Risks and benefits',
    groupAr: 'المخاطر والمنافع',
    textEn: 'What is the level of risk to the participants?',
    textAr: 'ما مستوى الخطر على المشاركين؟',
    type: T.risk,
  },
  {
    groupEn: 'Risks and benefits',
    groupAr: 'المخاطر والمنافع',
    textEn: 'What is the main kind of harm the participants could suffer?',
    textAr: 'ما النوع الرئيسي للضرر الذي قد يلحق بالمشاركين؟',
    type: T.harm,
  },
  {
    groupEn: 'Risks and benefits',
    groupAr: 'المخاطر والمنافع',
    textEn: 'What is the main benefit of the study?',
    textAr: 'ما المنفعة الرئيسية للدراسة؟',
    type: T.benefit,
  },
  {
    groupEn: 'Risks and benefits',
    groupAr: 'المخاطر والمنافع',
    textEn: 'Which vulnerable population does the study involve?',
    textAr: 'ما الفئة المستضعفة التي تشملها الدراسة؟',
    type: T.vulnerablePopulation,
  },
  {
    groupEn: 'Consent and confidentiality',
    groupAr: 'الموافقة والسرية',
    textEn: 'Is the informed consent form adequate?',
    textAr: 'هل نموذج الموافقة المستنيرة وافٍ؟',
    type: T.yesNo,
  },
  {
    groupEn: 'Consent and confidentiality',
    groupAr: 'الموافقة والسرية',
    textEn: 'Is the confidentiality of the participants protected?',
    textAr: 'هل سرية بيانات المشاركين محمية؟',
    type: T.yesNo,
  },
  {
    groupEn: 'Consent and confidentiality',
    groupAr: 'الموافقة والسرية',
    textEn: 'Overall scientific quality of the proposal',
    textAr: 'الجودة العلمية العامة للمقترح',
    type: T.rating,
  },
];

/** The sheet rows of a demo journal, in order. */
export function reviewSheetRows(journalId: number, ethics: boolean) {
  return (ethics ? ETHICS : GENERAL).map((question, index) => ({ journalId, ...question, order: (index + 1) * 10 }));
}
