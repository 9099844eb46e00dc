/**
 * The words a reader may type and the words a paper may hold that search must read as one (issue 21 §4): the core
 * rule's test and the API's (which also runs the SQL function on them) read this one table.
 */
export const ARABIC_SEARCH_PAIRS: readonly (readonly [typed: string, stored: string, what: string])[] = [
  ['مُحَمَّد', 'محمد', 'short vowels and shadda'],
  ['الطِّبّ', 'الطب', 'kasra with shadda'],
  ['دِرَاسَةٌ', 'دراسه', 'tanween, and teh marbuta as heh'],
  ['إِحْصَاءٌ', 'احصاء', 'hamza under alef, sukun'],
  ['أحمد', 'احمد', 'hamza over alef'],
  ['إسلام', 'اسلام', 'hamza under alef'],
  ['آداب', 'اداب', 'alef with madda'],
  ['ٱلعلوم', 'العلوم', 'alef wasla'],
  ['مستشفى', 'مستشفي', 'alef maksura as yeh'],
  ['جامعة', 'جامعه', 'teh marbuta as heh'],
  ['العـــلوم', 'العلوم', 'tatweel'],
  ['الرَّحْمٰن', 'الرحمن', 'superscript alef'],
  ['القُرْآن', 'القران', 'madda inside a word, with vowels'],
  ['مُسْتَشْفَى', 'مستشفي', 'vowels and alef maksura together'],
  ['الكيمياء', 'الكيمياء', 'a word written plainly stays as it is'],
  ['المستشفى', 'مستشفى', 'the definite article'],
  ['بالمُسْتَشْفَى', 'مستشفى', 'a particle joined to the article, with vowels'],
  ['للطلاب', 'طلاب', 'lam joined to the article'],
  ['والعلوم', 'العلوم', 'waw joined to the article'],
  ['فالكلى', 'كلى', 'fa joined to the article'],
];
