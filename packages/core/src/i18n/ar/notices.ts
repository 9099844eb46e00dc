import type { notices as english } from '../en/notices';
import type { ArabicArea } from '../lookup';

/** الإشعارات عن بحث منشور (issue 46 §2): التصويبات، وإبداء القلق، والسحب. */
export const notices: ArabicArea<typeof english> = {
  title: 'الإشعارات',
  intro:
    'يظهر التصويب أو إبداء القلق أو السحب فورًا في صفحة البحث العامة، ويُبلَّغ مؤلفوه بالبريد الإلكتروني. يبقى البحث منشورًا ومتاحًا للقراءة.',
  none: 'لا إشعار لهذا البحث.',
  publish: 'نشر إشعار',
  kind: 'نوع الإشعار',
  kind_correction: 'تصويب',
  kind_expressionOfConcern: 'إبداء قلق',
  kind_retraction: 'سحب',
  text_en: 'النص بالإنجليزية',
  text_ar: 'النص بالعربية',
  noticeDate: 'تاريخ الإشعار',
  doi: 'المعرّف الرقمي (DOI) للإشعار (اختياري)',
  doi_hint: 'معرّف خاص بالإشعار. إن تُرك فارغًا أعطته المجلة التي تسجّل المعرّفات معرّفًا، ويُودَع لدى Crossref مع بحثه.',
  deposit: 'معرّفه لدى Crossref: {{state}}',
  open_page: 'صفحة الإشعار',
  confirm_title: 'أتنشر هذا الإشعار؟',
  confirm_text:
    'سيظهر إشعار «{{kind}}» فورًا في الصفحة العامة لبحث «{{title}}»، ويُرسل إلى مؤلفيه. ولا يمكن سحبه من هذه الشاشة.',
  confirm: 'نشر الإشعار',
  cancel: 'إلغاء',
  published: 'نُشر الإشعار وأُبلغ المؤلفون.',
  load_failed: 'تعذّر تحميل إشعارات البحث.',
  by: 'نشره {{name}} في {{date}}',
  kind_required: 'اختر نوع الإشعار.',
  text_required: 'اكتب نص الإشعار باللغة الافتراضية للمجلة.',
  text_max: '١٠٬٠٠٠ حرف على الأكثر.',
  date_required: 'أدخل تاريخ الإشعار.',
  doi_invalid: 'هذا ليس معرّفًا رقميًا صالحًا. اكتبه بالشكل 10.1234/abc أو https://doi.org/10.1234/abc.',
  doi_taken: 'هذا المعرّف مُعطى لبحث أو لإشعار آخر.',
  not_published: 'لا يكون الإشعار إلا لبحث منشور.',
  corrected_file: 'ملف PDF المصوَّب (اختياري)',
  corrected_file_hint:
    'يصبح النسخة المعتمدة من البحث، فيُنزَّل من رابط ملف PDF. ويبقى الملف الحالي متاحًا للقراءة نسخةً سابقة. ملف PDF، ٢٥ ميغابايت على الأكثر.',
  corrected_file_confirm: 'سيحلّ الملف «{{name}}» محلّ ملف PDF الحالي للبحث، ويبقى الحالي متاحًا للقراءة نسخةً سابقة.',
  corrected_file_required: 'أرفق ملف PDF المصوَّب.',
  log_file_replaced: 'حلّ الملف المصوَّب محلّ ملف PDF للبحث',
};
