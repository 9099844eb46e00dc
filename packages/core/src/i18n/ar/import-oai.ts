import type { importOai as en } from '../en/import-oai';

/** حصاد سجلات مستودع عبر بروتوكول OAI-PMH: ما يرفضه الجلب المحروس، وما يوقف الحصاد، وسبب رفض سجل بعينه. */
export const importOai: Record<keyof typeof en, string> = {
  noUrl: 'أدخل عنوان واجهة OAI-PMH للمستودع (عنوانها الأساسي)',
  fetchBadUrl: '{{url}} ليس عنوان ويب صالحًا',
  fetchScheme: 'لا يُحصد إلا من عناوين http وhttps‏: {{url}}',
  fetchRefusedAddress: 'يقود {{host}} إلى عنوان في شبكة خاصة أو محلية، ولا يتصل الخادم بمثل هذه العناوين',
  fetchUnreachable: 'تعذّر الوصول إلى {{host}}',
  fetchTimeout: 'لم يُجب {{host}} خلال {{seconds}} ثانية',
  fetchTooLarge: 'الرد القادم من {{host}} أكبر من {{megabytes}} ميغابايت',
  fetchTooManyRedirects: 'أعاد {{host}} توجيه الطلب أكثر من {{count}} مرات',
  fetchEncoding: 'الرد القادم من {{host}} مضغوط بطريقة لا يقرؤها الخادم',
  httpStatus: 'أجاب {{host}} بالخطأ {{status}}',
  unavailable: '{{host}} غير متاح الآن (طلب المحاولة لاحقًا)، فأعد الحصاد لاحقًا',
  notOai: 'الرد القادم من {{host}} ليس ردًّا بصيغة OAI-PMH',
  wrongEncoding: 'الرد القادم من {{host}} ليس بترميز UTF-8 الذي يشترطه بروتوكول OAI-PMH',
  badResumptionToken: 'لم يعد المستودع يقبل النقطة التي بلغها الحصاد (انتهت صلاحيتها)، فابدأه من جديد',
  oaiError: 'رفض المستودع الحصاد: {{code}} ({{message}})',
  tooManyPages: 'تجاوز الحصاد {{pages}} صفحة فأُوقف',
  tokenLoop: 'أرسل المستودع علامة الاستئناف نفسها مرتين فأُوقف الحصاد',
  noTitle: 'لا عنوان لهذا السجل',
  noIssue:
    'لا يذكر هذا السجل مجلدًا وعددًا (في dc:source أو dc:relation)، فلا يمكن وضعه في عدد؛ ويمكن وضعه باستيراد جدول بيانات',
  noYear: 'لا يذكر هذا السجل سنة النشر (لا في بيانات الاستشهاد ولا في dc:date)',
  galleyTooLarge: 'ملف PDF في {{url}} أكبر من {{megabytes}} ميغابايت',
  galleyNotFetched: 'تعذّر جلب ملف PDF من {{url}}: لم يُجب {{host}} في الوقت المحدد أو رفض الطلب',
};
