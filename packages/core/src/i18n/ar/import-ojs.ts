import type { importOjs as en } from '../en/import-ojs';

/** استيراد تصدير OJS: أسباب رفض الملف كله، وأسباب رفض سجل واحد منه. */
export const importOjs: Record<keyof typeof en, string> = {
  notXml: 'الملف ليس XML سليم البنية (قرب السطر {{line}}). صدِّره من OJS مرة أخرى وارفعه كما هو',
  notNative:
    'هذا ليس ملف تصدير OJS بصيغة XML الأصلية: يبدأ بالعنصر <{{element}}>، والمنتظر <issues> أو <issue> أو <articles> أو <article>',
  notUsers: 'هذا ليس ملف تصدير المستخدمين من OJS: يبدأ بالعنصر <{{element}}>، والمنتظر <PKPUsers> أو <users>',
  entitiesRefused:
    'يعرّف الملف كيانات خاصة به (DOCTYPE فيه تعريفات). ملف كهذا قد يتضخم إلى أضعاف حجمه أو يقرأ ملفات أخرى، لذا يُرفض؛ ولا يكتب OJS ملفًا كهذا أبدًا',
  wrongEncoding:
    'يذكر الملف أنه مكتوب بترميز {{encoding}}، ولا يُقرأ إلا ترميز UTF-8. صدِّره من OJS مرة أخرى بترميز UTF-8',
  notUtf8: 'الملف ليس بترميز UTF-8 سليم (قرب البايت {{offset}}). صدِّره من OJS مرة أخرى بترميز UTF-8',
  tooDeep: 'تتداخل العناصر في الملف أعمق من {{max}} مستوى',
  tooManyElements: 'يحوي الملف أكثر من {{max}} عنصر',
  textTooLong: 'في الملف نص أو سمة يتجاوز طولها {{max}} حرف',
  recordTooLarge: 'يحوي السجل أكثر من {{max}} عنصر',
  partTooLarge: 'في الملف جزء خارج سجلاته يحوي أكثر من {{max}} عنصر',
  noTitle: 'ليس للبحث عنوان بالإنجليزية ولا بالعربية',
  notInIssue: 'البحث ليس في عدد (لا تعريف لعدده)',
  badVolume: 'المجلد «{{value}}» ليس عددًا صحيحًا',
  badYear: 'السنة «{{value}}» ليست سنة',
  badDate: 'تاريخ النشر «{{value}}» ليس تاريخًا',
  fileTooLarge: 'الملف المضمَّن «{{name}}» أكبر من {{max}} ميغابايت',
  badEmbed: 'الملف المضمَّن «{{name}}» ليس بترميز base64 سليم',
  fileBesideXml: 'الملف «{{name}}» مذكور بجانب ملف XML، ولم يوجد معه',
  galleyFileMissing: 'تشير نسخة النشر إلى ملف ليس في التصدير (الملف {{id}})',
  zipXml: 'في الملف المضغوط {{count}} من ملفات XML، ويجب أن يكون فيه ملف واحد فقط هو تصدير OJS',
  noEmail: 'ليس للمستخدم بريد إلكتروني صالح',
  noName: 'ليس للمستخدم اسم أول',
};
