import type { fullText as en } from '../en/full-text';

/** التحميل المدفوع في الموقع العام: النص الكامل للأعضاء فقط، وعرض العضوية. */
export const fullText: Record<keyof typeof en, string> = {
  download: 'تحميل النص الكامل (PDF)',
  download_named: 'تحميل النص الكامل لبحث {{title}} (PDF)',
  download_retracted: 'تحميل النص الكامل (PDF، بحث مسحوب)',
  download_named_retracted: 'تحميل النص الكامل لبحث {{title}} (PDF، بحث مسحوب)',
  members_only: 'للأعضاء فقط',
  members_only_error: 'النص الكامل لهذا البحث متاح لأعضاء المجلة فقط.',
  price_monthly: '{{price}} {{currency}} شهريًا',
  price_yearly: '{{price}} {{currency}} سنويًا',
  offer_title: 'النصوص الكاملة للأعضاء',
  offer_text: 'النصوص الكاملة لأبحاث هذه المجلة متاحة لأعضائها، والعضوية تفتح كل أبحاث المجلة طوال مدتها.',
  offer_sign_in: 'سجّل الدخول لتصبح عضوًا',
  offer_buy_monthly: 'اشترك لمدة شهر ({{price}} {{currency}})',
  offer_buy_yearly: 'اشترك لمدة سنة ({{price}} {{currency}})',
  offer_renew_monthly: 'جدّد لمدة شهر ({{price}} {{currency}})',
  offer_renew_yearly: 'جدّد لمدة سنة ({{price}} {{currency}})',
  member_until: 'عضويتك سارية حتى {{date}}.',
  membership_expired: 'انتهت عضويتك في {{date}}.',
  payment_paid: 'شكرًا لك، عضويتك سارية الآن.',
  payment_failed: 'لم تتم عملية الدفع، يمكنك المحاولة مرة أخرى.',
  payment_waiting: 'في انتظار تأكيد عملية الدفع…',
  payment_timed_out: 'لم يصلنا تأكيد الدفع بعد. إن كنت قد دفعت فستظهر عضويتك هنا بعد قليل.',
  currency_egp: 'جنيه مصري',
  access_failed: 'تعذّر التحقق من إمكانية قراءتك للنص الكامل.',
};
