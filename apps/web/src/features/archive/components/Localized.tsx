import type { Language } from '@journals/core/enums';
import type { Bilingual } from '@journals/core/schemas/journals';

/** A text in one of the two languages, with the language it is written in. */
export interface LocalizedText {
  text: string;
  language: Language;
}

/** The title in the page's language, else in the other one (a paper may have only one), with its language. */
export function localizedTitle(value: Bilingual, language: Language): LocalizedText {
  const other: Language = language === 'ar' ? 'en' : 'ar';
  return value[language].trim() ? { text: value[language], language } : { text: value[other], language: other };
}

/** A text marked with its own language and direction when it is not the page's (an English title on an Arabic page). */
export function Localized({ text }: { text: LocalizedText }) {
  return (
    <span lang={text.language} dir={text.language === 'ar' ? 'rtl' : 'ltr'}>
      {text.text}
    </span>
  );
}
