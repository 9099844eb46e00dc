import type { mail as en } from '../en/mail';
import type { ArabicArea } from '../lookup';

export const mail: ArabicArea<typeof en> = {
  activationSubject: '{{journal}}: فعّل حسابك',
  activationBody:
    'عزيزي/عزيزتي {{name}}،\n\nشكرًا لتسجيلك في {{journal}}. افتح هذا الرابط لتفعيل حسابك (صالح لمدة {{validity}}):\n{{link}}\n\nإذا لم تقم بالتسجيل، تجاهل هذه الرسالة.',
  resetSubject: '{{journal}}: إعادة تعيين كلمة المرور',
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
  resetBody:
    'عزيزي/عزيزتي {{name}}،\n\nطلب أحدهم إعادة تعيين كلمة المرور لحسابك. افتح هذا الرابط لاختيار كلمة مرور جديدة (صالح لمدة {{validity}}):\n{{link}}\n\nإذا لم تكن أنت، تجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
  invitationSubject: '{{journal}}: أُنشئ لك حساب',
  invitationBody:
    'عزيزي/عزيزتي {{name}}،\n\nأنشأ لك محررو {{journal}} حسابًا بعنوان البريد الإلكتروني هذا. افتح هذا الرابط لاختيار كلمة المرور (صالح لمدة {{validity}}):\n{{link}}\n\nإذا لم تكن تتوقع هذه الرسالة، تجاهلها؛ لا يستطيع أحد الدخول إلى الحساب دون كلمة المرور التي تختارها.',
  paperReceivedSubject: '{{journal}}: تم استلام بحثك {{code}}',
  paperReceivedBody:
    'عزيزي/عزيزتي {{name}}،\n\nاستلمنا بحثك "{{title}}" برمز {{code}}. يمكنك متابعة تحكيمه من لوحة التحكم.\n\n{{journal}}',
  newProposalSubject: '{{journal}}: مقترح جديد {{code}}',
  newProposalBody: 'تم إرسال مقترح جديد "{{title}}" برمز {{code}} وهو بانتظار مراجعتك.',
  newRevisionSubject: '{{journal}}: نسخة معدلة من {{code}}',
  newRevisionBody: 'تم إرسال نسخة معدلة (النسخة {{version}}) من البحث "{{title}}" ({{code}}).',
  mailStaffSubject: '{{journal}}: رسالة بخصوص البحث {{code}}',
  mailStaffBody: 'كتب {{name}} ({{email}}) بخصوص البحث "{{title}}" ({{code}}):\n\n{{message}}',
};
