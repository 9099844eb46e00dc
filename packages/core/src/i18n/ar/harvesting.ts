import type { harvesting as en } from '../en/harvesting';

/** تصدير العدد للفهارس ولتسجيل المعرّفات الرقمية. */
export const harvesting: Record<keyof typeof en, string> = {
  issueNotFound: 'العدد غير موجود، ربما حُذف',
  issueEmpty: 'لا توجد في هذا العدد أبحاث للتصدير بعد',
  noDepositor: 'أدخل اسم المودِع وبريده الإلكتروني في بيانات المجلة قبل إعداد ملف الإيداع في كروس رف',
  noDoi: 'لا يحمل أي بحث في هذا العدد معرّفًا رقميًا، فلا شيء يُودَع',
};
