/**
 * Word lists for the scale seed (issue 8 §2): English and Arabic pairs that mean the same, so a paper's two
 * titles say one thing, and no English word ever lands in an Arabic title.
 */
export type Pair = readonly [en: string, ar: string];
/** A topic and the settings it reads well in: a clinical topic in a hospital, a crop only in a place. */
export type Topic = readonly [en: string, ar: string, kind: 'clinical' | 'people' | 'place'];
/** A setting and the kinds of topic it suits, space-separated. */
export type Setting = readonly [en: string, ar: string, suits: string];

export const METHODS: Pair[] = [
  ['A cross-sectional study', 'دراسة مقطعية'],
  ['A randomized controlled trial', 'تجربة عشوائية محكمة'],
  ['A retrospective cohort study', 'دراسة أترابية استعادية'],
  ['A prospective cohort study', 'دراسة أترابية استباقية'],
  ['A case-control study', 'دراسة حالات وشواهد'],
  ['A systematic review', 'مراجعة منهجية'],
  ['A qualitative study', 'دراسة نوعية'],
  ['A pilot study', 'دراسة تجريبية أولية'],
  ['A comparative analysis', 'تحليل مقارن'],
  ['A survey', 'مسح ميداني'],
];

export const TOPICS: Topic[] = [
  ['vitamin D deficiency', 'نقص فيتامين د', 'clinical'],
  ['type 2 diabetes control', 'ضبط داء السكري من النوع الثاني', 'clinical'],
  ['hypertension awareness', 'الوعي بارتفاع ضغط الدم', 'clinical'],
  ['postoperative pain management', 'تدبير الألم بعد الجراحة', 'clinical'],
  ['antibiotic resistance', 'مقاومة المضادات الحيوية', 'clinical'],
  ['hand hygiene compliance', 'الالتزام بنظافة الأيدي', 'clinical'],
  ['childhood obesity', 'سمنة الأطفال', 'clinical'],
  ['iron deficiency anaemia', 'فقر الدم الناجم عن نقص الحديد', 'clinical'],
  ['sleep quality', 'جودة النوم', 'clinical'],
  ['occupational stress', 'الضغط المهني', 'clinical'],
  ['breastfeeding practices', 'ممارسات الرضاعة الطبيعية', 'clinical'],
  ['hepatitis C treatment outcomes', 'نتائج علاج التهاب الكبد الوبائي سي', 'clinical'],
  ['dental caries', 'تسوس الأسنان', 'clinical'],
  ['medication adherence', 'الالتزام بتناول الأدوية', 'clinical'],
  ['water quality', 'جودة المياه', 'place'],
  ['soil salinity', 'ملوحة التربة', 'place'],
  ['wheat yield', 'إنتاجية القمح', 'place'],
  ['solar energy adoption', 'تبني الطاقة الشمسية', 'place'],
  ['digital literacy', 'محو الأمية الرقمية', 'people'],
  ['e-learning satisfaction', 'الرضا عن التعلم الإلكتروني', 'people'],
  ['smartphone addiction', 'إدمان الهواتف الذكية', 'people'],
  ['air pollution exposure', 'التعرض لتلوث الهواء', 'clinical'],
  ['small business financing', 'تمويل المشروعات الصغيرة', 'place'],
  ['patient safety culture', 'ثقافة سلامة المرضى', 'clinical'],
];

export const SETTINGS: Setting[] = [
  ['among university students', 'لدى طلاب الجامعات', 'clinical people'],
  ['in rural Upper Egypt', 'في ريف صعيد مصر', 'clinical people place'],
  ['in primary care units', 'في وحدات الرعاية الأولية', 'clinical'],
  ['among nurses in intensive care', 'لدى ممرضي العناية المركزة', 'clinical'],
  ['in the Nile Delta', 'في دلتا النيل', 'clinical people place'],
  ['among school children', 'لدى تلاميذ المدارس', 'clinical people'],
  ['in a teaching hospital', 'في مستشفى جامعي', 'clinical'],
  ['among older adults', 'لدى كبار السن', 'clinical people'],
  ['in Cairo', 'في القاهرة', 'clinical people place'],
  ['among pregnant women', 'لدى الحوامل', 'clinical'],
  ['in Alexandria', 'في الإسكندرية', 'clinical people place'],
  ['during the COVID-19 pandemic', 'خلال جائحة كوفيد-19', 'clinical people'],
];

export const FIELDS: Pair[] = [
  ['Medicine', 'الطب'],
  ['Nursing', 'التمريض'],
  ['Public Health', 'الصحة العامة'],
  ['Pharmacy', 'الصيدلة'],
  ['Dentistry', 'طب الأسنان'],
  ['Agriculture', 'الزراعة'],
  ['Engineering', 'الهندسة'],
  ['Education', 'التربية'],
  ['Economics', 'الاقتصاد'],
  ['Environmental Sciences', 'علوم البيئة'],
  ['Computer Science', 'علوم الحاسب'],
  ['Veterinary Medicine', 'الطب البيطري'],
];

export const JOURNAL_KINDS: Pair[] = [
  ['Journal of', 'مجلة'],
  ['Annals of', 'حوليات'],
  ['Bulletin of', 'نشرة'],
  ['Review of', 'دورية'],
];

export const FOUNDATIONS: Pair[] = [
  ['Cairo University', 'جامعة القاهرة'],
  ['Alexandria University', 'جامعة الإسكندرية'],
  ['Ain Shams University', 'جامعة عين شمس'],
  ['Mansoura University', 'جامعة المنصورة'],
  ['Assiut University', 'جامعة أسيوط'],
  ['Tanta University', 'جامعة طنطا'],
  ['Zagazig University', 'جامعة الزقازيق'],
  ['Helwan University', 'جامعة حلوان'],
];

export const FIRST_NAMES: Pair[] = [
  ['Ahmed', 'أحمد'],
  ['Mohamed', 'محمد'],
  ['Mahmoud', 'محمود'],
  ['Omar', 'عمر'],
  ['Youssef', 'يوسف'],
  ['Khaled', 'خالد'],
  ['Tarek', 'طارق'],
  ['Hany', 'هاني'],
  ['Amr', 'عمرو'],
  ['Karim', 'كريم'],
  ['Fatma', 'فاطمة'],
  ['Mona', 'منى'],
  ['Sara', 'سارة'],
  ['Nour', 'نور'],
  ['Heba', 'هبة'],
  ['Amal', 'أمل'],
  ['Salma', 'سلمى'],
  ['Dina', 'دينا'],
  ['Rania', 'رانيا'],
  ['Yasmin', 'ياسمين'],
];

export const FAMILY_NAMES: Pair[] = [
  ['Hassan', 'حسن'],
  ['Ibrahim', 'إبراهيم'],
  ['Abdelrahman', 'عبد الرحمن'],
  ['Mostafa', 'مصطفى'],
  ['Saleh', 'صالح'],
  ['Fahmy', 'فهمي'],
  ['Nabil', 'نبيل'],
  ['Adel', 'عادل'],
  ['Farouk', 'فاروق'],
  ['Shawky', 'شوقي'],
  ['Ragab', 'رجب'],
  ['Soliman', 'سليمان'],
  ['Gaber', 'جابر'],
  ['Naguib', 'نجيب'],
  ['Zaki', 'زكي'],
  ['Mansour', 'منصور'],
];
