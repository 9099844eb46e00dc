import type { mail as en } from '../en/mail';
import type { ArabicArea } from '../lookup';

export const mail: ArabicArea<typeof en> = {
  hours_zero: '{{count}} ساعة',
  hours_one: 'ساعة واحدة',
  hours_two: 'ساعتين',
  hours_few: '{{count}} ساعات',
  hours_many: '{{count}} ساعة',
  hours_other: '{{count}} ساعة',
  days_zero: '{{count}} يوم',
  days_one: 'يوم واحد',
  days_two: 'يومين',
  days_few: '{{count}} أيام',
  days_many: '{{count}} يومًا',
  days_other: '{{count}} يوم',
};
