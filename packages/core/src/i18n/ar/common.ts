import type { common as en } from '../en/common';

export const common: Record<keyof typeof en, string> = {
  platform_name: 'منصة المجلات العلمية',
  language_switch: 'تغيير لغة الواجهة',
  language_en: 'English',
  language_ar: 'العربية',
  loading: 'جارٍ التحميل…',
  back_home: 'العودة إلى الرئيسية',
  go_dashboard: 'الذهاب إلى لوحة التحكم',
  notFound_title: 'الصفحة غير موجودة',
  notFound_text: 'الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى مكان آخر.',
  session_expired_title: 'انتهت الجلسة',
  ok: 'حسنًا',
  retry: 'حاول مرة أخرى',
  error_title: 'حدث خطأ ما',
  success_title: 'تم بنجاح',
  load_failed: 'تعذّر تحميل هذا المحتوى.',
  skip_to_content: 'انتقل إلى المحتوى الرئيسي',
  scroll_top: 'العودة إلى أعلى الصفحة',
  all_rights: '© {{year}} {{name}}. جميع الحقوق محفوظة.',
  page_next: 'الصفحة التالية',
  page_previous: 'الصفحة السابقة',
  page_number: 'الصفحة {{page}}',
  /** The ORCID mark beside an author's name (a link to their ORCID record), for a screen reader. */
  orcid_of: 'معرّف ORCID للباحث {{name}}',
};
