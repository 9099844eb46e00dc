import type { importJats as enImportJats } from '../en/import-jats';

export const importJats: Record<keyof typeof enImportJats, string> = {
  fileType: 'يُستورد JATS من ملف مضغوط (zip) يضمّ المقالات وملفات PDF الخاصة بها، أو من ملف \u2066.xml\u2069 واحد',
  zipUnreadable: 'الملف ليس أرشيفًا مضغوطًا (zip)، أو أنه تالف',
  zipPathOutside: 'يضمّ الملف المضغوط مسارًا يخرج من مجلده (\u2066{{name}}\u2069)، ولذلك رُفض',
  zipTooManyEntries: 'يضمّ الملف المضغوط {{count}} ملفًا، والحد الأقصى للاستيراد {{max}}',
  zipEntryTooLarge: 'يتجاوز حجم \u2066{{name}}\u2069 بعد فكّ ضغطه {{megabytes}} ميغابايت',
  zipTooLarge: 'يتجاوز مجموع ما في الملف المضغوط بعد فكّ ضغطه {{megabytes}} ميغابايت',
  zipTooCompressed:
    'يتضخّم \u2066{{name}}\u2069 عند فكّ ضغطه إلى أكثر من {{ratio}} ضعف حجمه، وهذا لا يحدث لملف حقيقي (قنبلة ضغط)؛ لذلك رُفض الملف المضغوط',
  zipEncrypted: '\u2066{{name}}\u2069 محمي بكلمة مرور؛ ارفع الملف المضغوط بلا كلمة مرور',
  zipSymlink: '\u2066{{name}}\u2069 رابط رمزي؛ يُرفض الملف المضغوط الذي يضمّ روابط',
  zipMethod: '\u2066{{name}}\u2069 مضغوط بطريقة لا يقرؤها الاستيراد (يُقرأ المخزَّن بلا ضغط والمضغوط بطريقة deflate فقط)',
  zipDuplicate: 'يضمّ الملف المضغوط \u2066{{name}}\u2069 مرتين',
  zipEntryBroken: '\u2066{{name}}\u2069 داخل الملف المضغوط تالف ولا يمكن فكّ ضغطه',
  zipNoArticles: 'لا يضمّ الملف المضغوط أي مقالة بصيغة JATS (ملف \u2066.xml\u2069)',
  xmlMalformed: '\u2066{{name}}\u2069 ليس ملف XML سليم البنية (السطر {{line}}، العمود {{column}})',
  xmlEncoding: 'يصرّح \u2066{{name}}\u2069 بالترميز \u2066{{encoding}}\u2069، وملفات JATS تُقرأ بترميز UTF-8',
  xmlNotUtf8: '\u2066{{name}}\u2069 ليس نصًّا بترميز UTF-8 كما يصرّح؛ احفظه بترميز UTF-8',
  xmlDoctypeSubset:
    'يعرّف \u2066{{name}}\u2069 كيانات أو قواعد خاصة به داخل DOCTYPE، وقد تخفي قنبلة XML؛ لذلك رُفض الملف',
  xmlEntity:
    'يستخدم \u2066{{name}}\u2069 كيانًا مسمّى لا يعرفه الاستيراد (السطر {{line}})؛ اكتب الحرف نفسه أو رقمه (\u2066&#8212;\u2069)',
  notJats: 'لا يضمّ \u2066{{name}}\u2069 عنصر \u2066<article>\u2069 بصيغة JATS',
  frontTooLarge: 'البيانات الوصفية لهذه المقالة أكبر مما يمكن أن تكون عليه بيانات مقالة',
  noTitle: 'ليس لهذه المقالة عنوان بالعربية أو الإنجليزية (\u2066<article-title>\u2069)',
  noIssue:
    'لا تذكر هذه المقالة المجلد أو العدد (\u2066<volume>\u2069، \u2066<issue>\u2069)؛ وكل بحث في الأرشيف ينتمي إلى عدد',
  noYear: 'لا تذكر هذه المقالة سنة النشر (\u2066<pub-date>\u2069)',
  galleyMissing: 'تذكر هذه المقالة ملف PDF باسم \u2066{{name}}\u2069، ولا يضمّه الملف المضغوط',
  galleyTooLarge: 'حجم ملف PDF \u2066{{name}}\u2069 أكبر من {{megabytes}} ميغابايت',
};
