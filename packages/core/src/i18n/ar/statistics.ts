import type { statistics as en } from '../en/statistics';
import type { ArabicArea } from '../lookup';

/** The public editorial statistics page (issue 10 §4). */
export const statistics: ArabicArea<typeof en> = {
  intro: 'كيف تتعامل المجلة مع الأبحاث التي تتلقاها، محسوبةً من سجلاتها وتُحدَّث كل بضع دقائق.',
  stat_received: 'الأبحاث المستلمة',
  stat_acceptance_rate: 'نسبة القبول',
  stat_acceptance_rate_hint: 'الأبحاث التي صدر فيها قرار نهائي: {{decided}}',
  stat_first_decision: 'الوسيط الزمني حتى أول قرار',
  stat_first_decision_hint: 'من تقديم البحث إلى أول قرار للمحرر',
  stat_review_days: 'الوسيط الزمني حتى التحكيم',
  stat_review_days_hint: 'من الدعوة إلى التحكيم؛ عدد التحكيمات: {{reviews}}',
  stat_published: 'الأبحاث المنشورة',
  stat_not_yet: 'لا يوجد بعد',
  stat_days_zero: '{{count}} يوم',
  stat_days_one: 'يوم واحد',
  stat_days_two: 'يومان',
  stat_days_few: '{{count}} أيام',
  stat_days_many: '{{count}} يومًا',
  stat_days_other: '{{count}} يوم',
  per_year_heading: 'الأبحاث المستلمة والمنشورة كل عام',
  per_year_received: 'المستلمة',
  per_year_published: 'المنشورة',
  per_year_year: 'العام',
  per_year_empty: 'لم يُستلم أي بحث بعد.',
  per_year_table: 'الأرقام نفسها في جدول',
};
