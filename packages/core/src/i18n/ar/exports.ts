import type { journalExports as en } from '../en/exports';
import type { ArabicArea } from '../lookup';

/** المغادرة (القضية 45، القرار 0082): تصدير الأرشيف كاملًا، صيغه وحالاته وأخطاؤه. */
export const journalExports: ArabicArea<typeof en> = {
  title: 'تصدير الأرشيف',
  intro:
    'صدِّر كل أعداد المجلة وأبحاثها مع ملفات PDF الخاصة بها، بصيغة يقرؤها الاستيراد (هنا أو في OJS). يُصدَّر المؤلفون كما يظهرون على الأبحاث، ولا تُصدَّر حسابات المستخدمين.',
  format: 'الصيغة',
  format_ojs: 'OJS Native XML (الأعداد والأبحاث، وملفات PDF مضمّنة)',
  format_jats: 'مقالات JATS مع ملفات PDF الخاصة بها (ملف مضغوط)',
  start: 'تصدير',
  state_queued: 'في انتظار البدء',
  state_running: 'جارٍ التصدير',
  state_done: 'جاهز',
  state_failed: 'تعذّر',
  progress: '{{done}} من {{total}} بحثًا',
  size: 'الحجم',
  download: 'تنزيل',
  delete: 'حذف',
  created: 'بدأ التصدير، ويستمر في الخلفية.',
  deleted: 'حُذف التصدير.',
  not_found: 'هذا التصدير غير موجود، أو حُذف.',
  not_ready: 'هذا التصدير لم يجهز بعد؛ نزّله حين ينتهي.',
  busy: 'هذا التصدير جارٍ؛ انتظر حتى ينتهي.',
  file_missing: 'ملف هذا التصدير لم يعد موجودًا. صدِّر من جديد.',
  failed_unexpectedly: 'توقف التصدير بسبب خطأ غير متوقع. حاول مرة أخرى، أو أبلغ مدير المنصة.',
  pdf_missing: 'تعذّرت قراءة ملف PDF لأحد الأبحاث من وحدة التخزين.',
  empty: 'لا توجد عمليات تصدير بعد.',
};
