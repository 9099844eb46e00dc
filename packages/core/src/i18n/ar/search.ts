import type { search as en } from '../en/search';
import type { ArabicArea } from '../lookup';

/** صفحة البحث في موقع المجلة العام. */
export const search: ArabicArea<typeof en> = {
  title: 'البحث في الأرشيف',
  intro: 'ابحث في أبحاث المجلة المنشورة بالعنوان أو الكلمات المفتاحية أو المؤلفين أو الملخص.',
  words: 'كلمات البحث',
  words_placeholder: 'كلمة، أو عبارة بين علامتي تنصيص، أو كلمات تستبعدها بعلامة الطرح',
  corresponding_author: 'المؤلف المراسل',
  joint_authors: 'المؤلفون المشاركون',
  submit: 'ابحث',
  clear: 'امسح عوامل التصفية',
  facets_counted: 'الأعداد من بين أول {{count}} بحث عُثر عليها.',
  facets: 'تضييق النتائج',
  specializations: 'التخصصات',
  keywords: 'الكلمات المفتاحية',
  results_zero: 'لم يُعثر على أي بحث',
  results_one: 'عُثر على بحث واحد',
  results_two: 'عُثر على بحثين',
  results_few: 'عُثر على {{count}} أبحاث',
  results_many: 'عُثر على {{count}} بحثًا',
  results_other: 'عُثر على {{count}} بحث',
  results_more: 'عُثر على أكثر من {{count}} بحث: أضف كلمة أو عامل تصفية لتضييقها.',
  none: 'لا يوجد بحث منشور يطابق هذا البحث.',
  none_text: 'جرّب كلمات أخرى أو عوامل تصفية أقل أو كتابة أخرى للكلمة.',
  by: 'تأليف {{names}}',
  published_on: 'نُشر في {{date}}',
  pages: 'صفحات النتائج',
  failed: 'تعذّر إتمام البحث.',
  retry: 'أعد المحاولة',
  too_long: 'هذا النص طويل جدًا.',
};
