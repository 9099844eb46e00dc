import type { mail as en } from '../en/mail';

export const mail: Record<keyof typeof en, string> = {
  activationSubject: '{{journal}}: فعّل حسابك',
  activationBody:
    'عزيزي/عزيزتي {{name}}،\n\nشكرًا لتسجيلك في {{journal}}. افتح هذا الرابط لتفعيل حسابك (صالح لمدة {{hours}} ساعة):\n{{link}}\n\nإذا لم تقم بالتسجيل، تجاهل هذه الرسالة.',
  resetSubject: '{{journal}}: إعادة تعيين كلمة المرور',
  resetBody:
    'عزيزي/عزيزتي {{name}}،\n\nطلب أحدهم إعادة تعيين كلمة المرور لحسابك. افتح هذا الرابط لاختيار كلمة مرور جديدة (صالح لمدة {{hours}} ساعة):\n{{link}}\n\nإذا لم تكن أنت، تجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
};
