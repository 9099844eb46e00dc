/** The bilingual texts of the two demo journals (DESIGN §2): a general journal and an ethics-committee one. */

export interface DemoJournal {
  slug: string;
  initials: string;
  colors: [string, string];
  titleEn: string;
  titleAr: string;
  foundationEn: string;
  foundationAr: string;
  website: string;
  email: string;
  welcomeEn: string;
  welcomeAr: string;
  aboutEn: string;
  aboutAr: string;
  codePrefix: string;
  ethics: boolean;
  specializations: { en: string; ar: string; keywords: string[] }[];
  tabs: {
    slug: string;
    en: string;
    ar: string;
    contentEn: string;
    contentAr: string;
    children?: { slug: string; en: string; ar: string; contentEn: string; contentAr: string }[];
  }[];
  slides: { en: string; ar: string; colors: [string, string] }[];
}

const p = (text: string) => `<p>${text}</p>`;

export const DEMO_JOURNALS: DemoJournal[] = [
  {
    slug: 'general',
    initials: 'JAS',
    colors: ['#1d3f8f', '#3b6fd8'],
    titleEn: 'Journal of Applied Sciences',
    titleAr: 'مجلة العلوم التطبيقية',
    foundationEn: 'Faculty of Science, Nile University',
    foundationAr: 'كلية العلوم، جامعة النيل',
    website: 'https://science.example.edu',
    email: 'editor@jas.example.edu',
    welcomeEn: 'Welcome to the Journal of Applied Sciences, an open-access, peer-reviewed journal.',
    welcomeAr: 'مرحبًا بكم في مجلة العلوم التطبيقية، مجلة محكّمة مفتوحة الوصول.',
    aboutEn:
      'The Journal of Applied Sciences publishes original research, reviews and short communications across engineering, computing, environmental science and public health. Every manuscript is read by at least two independent reviewers, and accepted papers appear in quarterly issues that are free to read for everyone, everywhere. We welcome authors from every country and publish in English and Arabic, so that research reaches the people it serves.',
    aboutAr:
      'تنشر مجلة العلوم التطبيقية البحوث الأصيلة والمراجعات والاتصالات القصيرة في مجالات الهندسة والحوسبة وعلوم البيئة والصحة العامة. يقرأ كل مخطوطة محكّمان مستقلان على الأقل، وتظهر الأبحاث المقبولة في أعداد فصلية متاحة للقراءة مجانًا للجميع في كل مكان. نرحب بالباحثين من كل البلدان وننشر باللغتين العربية والإنجليزية، حتى تصل البحوث إلى من تخدمهم.',
    codePrefix: 'JAS',
    ethics: false,
    specializations: [
      { en: 'Computer Science', ar: 'علوم الحاسب', keywords: ['machine learning', 'databases', 'networks'] },
      { en: 'Environmental Science', ar: 'علوم البيئة', keywords: ['climate', 'water quality', 'pollution'] },
      { en: 'Civil Engineering', ar: 'الهندسة المدنية', keywords: ['structures', 'materials', 'transport'] },
      { en: 'Public Health', ar: 'الصحة العامة', keywords: ['epidemiology', 'nutrition'] },
    ],
    tabs: [
      {
        slug: 'for-authors',
        en: 'For authors',
        ar: 'للمؤلفين',
        contentEn: p('Guidance for authors preparing a submission.'),
        contentAr: p('إرشادات للمؤلفين عند إعداد البحث.'),
        children: [
          {
            slug: 'author-guidelines',
            en: 'Guidelines',
            ar: 'الإرشادات',
            contentEn: p(
              'Manuscripts are submitted as Word or PDF files of up to 5 MB, with an abstract of 20 to 250 words.',
            ),
            contentAr: p('تُقدّم المخطوطات بصيغة وورد أو PDF بحجم لا يتجاوز 5 ميجابايت، مع ملخص من 20 إلى 250 كلمة.'),
          },
          {
            slug: 'fees',
            en: 'Fees',
            ar: 'الرسوم',
            contentEn: p('Publishing in the journal is free of charge.'),
            contentAr: p('النشر في المجلة مجاني.'),
          },
        ],
      },
      {
        slug: 'indexing',
        en: 'Indexing',
        ar: 'الفهرسة',
        contentEn: p('The journal is indexed in the major regional databases.'),
        contentAr: p('المجلة مفهرسة في قواعد البيانات الإقليمية الرئيسية.'),
      },
    ],
    slides: [
      {
        en: 'Call for papers: special issue on water',
        ar: 'دعوة لتقديم الأبحاث: عدد خاص عن المياه',
        colors: ['#3b6fd8', '#0b2559'],
      },
      { en: 'Volume 1 is now published', ar: 'صدر المجلد الأول', colors: ['#2f9e44', '#0b3d1c'] },
      { en: 'Reviewers wanted in public health', ar: 'مطلوب محكّمون في الصحة العامة', colors: ['#e8590c', '#5c1d00'] },
    ],
  },
  {
    slug: 'ethics',
    initials: 'REC',
    colors: ['#5f3dc4', '#9c36b5'],
    titleEn: 'Research Ethics Committee Review',
    titleAr: 'مجلة لجنة أخلاقيات البحث العلمي',
    foundationEn: 'Faculty of Medicine, Delta University',
    foundationAr: 'كلية الطب، جامعة الدلتا',
    website: 'https://medicine.example.edu',
    email: 'rec@medicine.example.edu',
    welcomeEn: 'Submit research proposals for ethical review and follow them to a decision.',
    welcomeAr: 'قدّم مقترحاتك البحثية للمراجعة الأخلاقية وتابعها حتى صدور القرار.',
    aboutEn:
      'The Research Ethics Committee reviews every study that involves human participants, their data or their tissue before it begins. Proposals are assessed by members with medical, legal and community backgrounds against national regulations and international guidelines, and the committee publishes its approved protocols and annual reports here.',
    aboutAr:
      'تراجع لجنة أخلاقيات البحث العلمي كل دراسة تشمل مشاركين من البشر أو بياناتهم أو عيّناتهم قبل بدئها. يقيّم المقترحاتِ أعضاءٌ من خلفيات طبية وقانونية ومجتمعية وفق اللوائح الوطنية والإرشادات الدولية، وتنشر اللجنة هنا البروتوكولات المعتمدة وتقاريرها السنوية.',
    codePrefix: 'REC',
    ethics: true,
    specializations: [
      { en: 'Clinical Medicine', ar: 'الطب السريري', keywords: ['clinical trial', 'surgery', 'pharmacology'] },
      { en: 'Community Medicine', ar: 'طب المجتمع', keywords: ['survey', 'epidemiology'] },
      {
        en: 'Basic Medical Sciences',
        ar: 'العلوم الطبية الأساسية',
        keywords: ['physiology', 'biochemistry', 'anatomy'],
      },
    ],
    tabs: [
      {
        slug: 'submission-guide',
        en: 'Submission guide',
        ar: 'دليل التقديم',
        contentEn: p('How to prepare a proposal for ethical review.'),
        contentAr: p('كيف تُعدّ مقترحًا للمراجعة الأخلاقية.'),
        children: [
          {
            slug: 'consent-forms',
            en: 'Consent forms',
            ar: 'نماذج الموافقة',
            contentEn: p('Every study with participants attaches a signed informed-consent template.'),
            contentAr: p('يُرفق مع كل دراسة بها مشاركون نموذج موافقة مستنيرة موقّع.'),
          },
        ],
      },
    ],
    slides: [
      { en: 'New national guidelines adopted', ar: 'اعتماد الإرشادات الوطنية الجديدة', colors: ['#9c36b5', '#2b0a3d'] },
      { en: 'Committee meets every second Tuesday', ar: 'تجتمع اللجنة كل ثاني ثلاثاء', colors: ['#1098ad', '#062e35'] },
    ],
  },
];

export function sectionTexts(journal: DemoJournal) {
  const en = (title: string, body: string) => `<h2>${title}</h2><p>${body}</p>`;
  return {
    editorialBoardEn: `<h2>Editorial board</h2><ul><li>Prof. Amal Hassan — Editor in chief</li><li>Dr. Omar Khaled — Managing editor</li><li>Dr. Sara Youssef — Associate editor</li></ul>`,
    editorialBoardAr: `<h2>هيئة التحرير</h2><ul><li>أ.د. أمل حسن — رئيس التحرير</li><li>د. عمر خالد — مدير التحرير</li><li>د. سارة يوسف — محرر مشارك</li></ul>`,
    aboutUsEn: `<p>${journal.aboutEn}</p>`,
    aboutUsAr: `<p>${journal.aboutAr}</p>`,
    contactUsEn: en(
      'Contact us',
      `Write to <a href="mailto:${journal.email}">${journal.email}</a>. We answer within three working days.`,
    ),
    contactUsAr: `<h2>اتصل بنا</h2><p>راسلونا على <a href="mailto:${journal.email}">${journal.email}</a>. نرد خلال ثلاثة أيام عمل.</p>`,
    publishPolicyEn: en(
      'Publishing policy',
      'All papers are published under the CC BY 4.0 licence after double-blind peer review.',
    ),
    publishPolicyAr: '<h2>سياسة النشر</h2><p>تُنشر جميع الأبحاث بترخيص CC BY 4.0 بعد تحكيم مزدوج التعمية.</p>',
    termsAndConditionsEn: en(
      'Terms and conditions',
      'By submitting, authors confirm the work is original and not under review elsewhere.',
    ),
    termsAndConditionsAr:
      '<h2>الشروط والأحكام</h2><p>بتقديم البحث يقرّ المؤلفون بأن العمل أصيل وغير مقدّم للتحكيم في مكان آخر.</p>',
    reportsTermsAndConditionsEn: en('Reports', 'Progress and final reports follow the committee template.'),
    aimsAndScopesEn: en('Aims and scope', `The journal covers ${journal.specializations.map((s) => s.en).join(', ')}.`),
    aimsAndScopesAr: `<h2>الأهداف والمجالات</h2><p>تغطي المجلة ${journal.specializations.map((s) => s.ar).join('، ')}.</p>`,
  };
}
