/**
 * The demo journals' archive (issue 21): their issues and the papers published in them, written as each journal
 * would publish them — the general journal in English with an Arabic title and abstract beside, the ethics committee
 * mostly in Arabic. One issue of each journal is still in press, and each has an accepted paper waiting for an issue.
 */

export interface DemoArchivePaper {
  en: string;
  ar: string;
  abstractEn: string;
  abstractAr: string;
  /** The corresponding author first, then the joint authors, as printed on the paper. */
  authors: string[];
  keywords: string[];
  /** Index into the journal's demo specializations. */
  specialization: number;
  /** Paper type (core PAPER_TYPES): 4 research work, 5 research project, 6 academic staff research study. */
  paperType: number;
  pages: [number, number];
  views: number;
}

export interface DemoIssue {
  volume: number;
  issue: number;
  /** "MM YYYY". */
  month: string;
  publishDate: string;
  published: boolean;
  papers: DemoArchivePaper[];
}

export interface DemoArchive {
  /** Crossref's test prefix for the general journal's DOIs; the committee registers none. */
  doiPrefix: string;
  printIssn: string;
  onlineIssn: string;
  publisherEn: string;
  publisherAr: string;
  issues: DemoIssue[];
  /** Accepted (status 4), in no issue yet: the paper an editor assigns and publishes in the demo. */
  accepted: Omit<DemoArchivePaper, 'pages' | 'views'>;
}

const general: DemoArchive = {
  doiPrefix: '10.5555',
  printIssn: '2812-4471',
  onlineIssn: '2812-448X',
  publisherEn: 'Nile University Press',
  publisherAr: 'دار نشر جامعة النيل',
  issues: [
    {
      volume: 1,
      issue: 1,
      month: '03 2026',
      publishDate: '2026-03-15',
      published: true,
      papers: [
        {
          en: 'Low-cost sensors for urban air quality',
          ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن',
          abstractEn:
            'We deployed forty low-cost particulate sensors across Cairo for twelve months and calibrated them against two reference monitors. After humidity correction the sensors tracked hourly PM2.5 within 18 percent of the reference, enough to map pollution hot spots street by street. We publish the calibration model and the open dataset so that other cities can repeat the network at a tenth of the usual cost.',
          abstractAr:
            'نشرنا أربعين مستشعرًا منخفض التكلفة للجسيمات الدقيقة في أنحاء القاهرة لمدة اثني عشر شهرًا، ومعايرناها مقابل محطتي رصد مرجعيتين. وبعد تصحيح أثر الرطوبة تتبعت المستشعرات تركيز الجسيمات الدقيقة كل ساعة بفارق لا يتجاوز 18 في المئة عن القياس المرجعي، وهو ما يكفي لرسم بؤر التلوث شارعًا شارعًا. وننشر نموذج المعايرة والبيانات المفتوحة لتكرار الشبكة في مدن أخرى بعُشر التكلفة المعتادة.',
          authors: ['Layla Mansour', 'Ahmed Saleh', 'Rania Fawzy'],
          keywords: ['air quality', 'sensors', 'pollution'],
          specialization: 1,
          paperType: 4,
          pages: [1, 14],
          views: 40,
        },
        {
          en: 'Recycled aggregate in structural concrete',
          ar: 'الركام المعاد تدويره في الخرسانة الإنشائية',
          abstractEn:
            'Demolition waste makes up a third of the rubble sent to landfill in Egyptian cities. We replaced natural coarse aggregate with crushed recycled concrete at 25, 50 and 100 percent and tested 180 cylinders and 24 beams. Up to half replacement, compressive strength fell by less than 8 percent and beam stiffness was unchanged, which supports its use in ordinary residential structures.',
          abstractAr:
            'تشكّل مخلفات الهدم ثلث الأنقاض التي تُلقى في المدافن بالمدن المصرية. استبدلنا الركام الخشن الطبيعي بخرسانة معاد تدويرها ومكسّرة بنسب 25 و50 و100 في المئة، واختبرنا 180 أسطوانة و24 كمرة. وحتى نسبة الاستبدال النصفية انخفضت مقاومة الضغط بأقل من 8 في المئة ولم تتغير جساءة الكمرات، مما يدعم استخدامها في المباني السكنية العادية.',
          authors: ['Tarek Hamdy', 'Nour El-Din Ibrahim'],
          keywords: ['materials', 'structures', 'recycling'],
          specialization: 2,
          paperType: 4,
          pages: [15, 29],
          views: 33,
        },
        {
          en: 'Federated learning for hospital records',
          ar: 'التعلم الموحد لسجلات المستشفيات',
          abstractEn:
            'Hospitals rarely share patient records, which keeps their prediction models small. We trained a readmission model across five hospitals with federated learning, so that no record left its hospital. The shared model reached an area under the curve of 0.81, against 0.74 for the best hospital alone, and differential privacy cost less than two points of accuracy.',
          abstractAr:
            'نادرًا ما تتبادل المستشفيات سجلات المرضى، مما يُبقي نماذجها التنبؤية صغيرة. درّبنا نموذجًا للتنبؤ بإعادة الدخول عبر خمسة مستشفيات باستخدام التعلم الموحد، فلم يغادر أي سجل مستشفاه. وبلغت المساحة تحت المنحنى للنموذج المشترك 0.81 مقابل 0.74 لأفضل مستشفى منفردًا، ولم تكلّف الخصوصية التفاضلية أكثر من نقطتين من الدقة.',
          authors: ['Mariam Zaki', 'Karim Nabil', 'Hossam Adel'],
          keywords: ['machine learning', 'databases', 'privacy'],
          specialization: 0,
          paperType: 4,
          pages: [30, 41],
          views: 26,
        },
      ],
    },
    {
      volume: 1,
      issue: 2,
      month: '06 2026',
      publishDate: '2026-06-20',
      published: true,
      papers: [
        {
          en: 'Nitrate in the groundwater of the Nile Delta',
          ar: 'النترات في المياه الجوفية بدلتا النيل',
          abstractEn:
            'We sampled 96 wells across four governorates of the Nile Delta in the dry and the wet season. Nitrate exceeded the drinking-water limit in 22 percent of shallow wells, mostly near intensive farming, and in none of the deep ones. A simple map of well depth and land use predicts the risk well enough for local authorities to decide which wells to test first.',
          abstractAr:
            'جمعنا عينات من 96 بئرًا في أربع محافظات بدلتا النيل في موسمي الجفاف والأمطار. وتجاوزت النترات حد مياه الشرب في 22 في المئة من الآبار الضحلة، ومعظمها قرب الزراعة الكثيفة، ولم تتجاوزه في أي بئر عميقة. وتكفي خريطة بسيطة لعمق البئر واستخدام الأرض للتنبؤ بالخطر، بما يعين السلطات المحلية على ترتيب أولويات الفحص.',
          authors: ['Salma Abdelrahman', 'Youssef Gamal'],
          keywords: ['water quality', 'groundwater', 'agriculture'],
          specialization: 1,
          paperType: 4,
          pages: [1, 12],
          views: 21,
        },
        {
          en: 'School meals and anaemia in Upper Egypt',
          ar: 'الوجبات المدرسية وفقر الدم في صعيد مصر',
          abstractEn:
            'Iron-deficiency anaemia affects one child in four in rural Upper Egypt. In a cluster trial of 30 primary schools, a fortified school meal served five days a week for one school year lowered the share of anaemic children from 27 to 16 percent, while it barely changed in control schools. Attendance rose as well, which matters to the families who decide whether the meal is worth it.',
          abstractAr:
            'يصيب فقر الدم الناجم عن نقص الحديد طفلًا من كل أربعة في ريف صعيد مصر. وفي تجربة عنقودية شملت 30 مدرسة ابتدائية، خفّضت وجبة مدرسية مدعّمة تُقدَّم خمسة أيام في الأسبوع طوال عام دراسي نسبة الأطفال المصابين من 27 إلى 16 في المئة، بينما لم تتغير تقريبًا في المدارس الضابطة. كما ارتفعت نسبة الحضور.',
          authors: ['Dina Farid', 'Mahmoud Sayed', 'Heba Lotfy'],
          keywords: ['nutrition', 'epidemiology', 'children'],
          specialization: 3,
          paperType: 4,
          pages: [13, 25],
          views: 18,
        },
        {
          en: 'Traffic signal timing with reinforcement learning',
          ar: 'توقيت إشارات المرور بالتعلم المعزز',
          abstractEn:
            'Fixed signal plans cannot follow the traffic of a growing city. We trained a reinforcement learning agent on a calibrated simulation of twelve intersections in Alexandria and compared it with the plans in use. Average delay fell by 23 percent at peak hours and queues spilled back into the previous intersection half as often.',
          abstractAr:
            'لا تستطيع خطط الإشارات الثابتة مجاراة حركة المرور في مدينة تتسع. درّبنا وكيلًا بالتعلم المعزز على محاكاة معايرة لاثني عشر تقاطعًا في الإسكندرية وقارنّاه بالخطط المعمول بها، فانخفض متوسط التأخير بنسبة 23 في المئة في ساعات الذروة، وتراجع امتداد الطوابير إلى التقاطع السابق إلى النصف.',
          authors: ['Omar Farouk', 'Aya Hesham'],
          keywords: ['transport', 'machine learning', 'simulation'],
          specialization: 2,
          paperType: 4,
          pages: [26, 38],
          views: 15,
        },
      ],
    },
    {
      volume: 2,
      issue: 1,
      month: '09 2026',
      publishDate: '2026-09-18',
      published: true,
      papers: [
        {
          en: 'Heat waves and hospital admissions in Cairo',
          ar: 'موجات الحر ودخول المستشفيات في القاهرة',
          abstractEn:
            'We linked daily temperatures with 410,000 admissions to public hospitals in Cairo between 2015 and 2024. Each day above 40 degrees raised admissions for kidney disease by 11 percent and for heart failure by 6 percent, with the largest effect two days later. Early warnings issued a day ahead would give hospitals time to prepare beds and staff.',
          abstractAr:
            'ربطنا درجات الحرارة اليومية بـ410 آلاف حالة دخول إلى المستشفيات العامة في القاهرة بين عامي 2015 و2024. فكل يوم تتجاوز حرارته 40 درجة رفع حالات الدخول بسبب أمراض الكلى بنسبة 11 في المئة وبسبب فشل القلب بنسبة 6 في المئة، وبلغ الأثر ذروته بعد يومين. ويمنح الإنذار المبكر قبل يوم المستشفياتِ وقتًا لتجهيز الأسرّة والطواقم.',
          authors: ['Nadia Hosny', 'Sherif Kamal'],
          keywords: ['climate', 'epidemiology', 'heat'],
          specialization: 3,
          paperType: 4,
          pages: [1, 16],
          views: 12,
        },
        {
          en: 'Graph databases for citation networks',
          ar: 'قواعد بيانات الرسوم البيانية لشبكات الاستشهاد',
          abstractEn:
            'Citation networks are graphs, yet most journal platforms keep them in relational tables. We loaded 30 million citations into a graph database and into PostgreSQL and ran the queries editors ask most: who cites whom within three steps, and which reviewers are too close to an author. Recursive SQL answered within a factor of two of the graph database for every query up to three steps.',
          abstractAr:
            'شبكات الاستشهاد رسوم بيانية، ومع ذلك تحفظها معظم منصات المجلات في جداول علائقية. حمّلنا 30 مليون استشهاد في قاعدة بيانات رسومية وفي PostgreSQL، ونفّذنا أكثر الاستعلامات التي يطلبها المحررون: من يستشهد بمن في ثلاث خطوات، وأي المحكّمين أقرب من اللازم إلى مؤلف ما. وأجاب الاستعلام التكراري في حدود ضعف زمن قاعدة البيانات الرسومية.',
          authors: ['Khaled Mostafa', 'Lina Wagdy', 'Sameh Nasr'],
          keywords: ['databases', 'networks', 'bibliometrics'],
          specialization: 0,
          paperType: 4,
          pages: [17, 30],
          views: 9,
        },
        {
          en: 'Self-healing mortar with bacteria',
          ar: 'ملاط ذاتي الالتئام بالبكتيريا',
          abstractEn:
            'Cracks let water reach the steel of concrete structures. We added spores of a calcite-producing bacterium to repair mortar and cracked the specimens after 28 days. Cracks narrower than 0.4 millimetres closed within eight weeks of wetting and drying, and water permeability returned to that of uncracked mortar.',
          abstractAr:
            'تسمح الشقوق بوصول الماء إلى حديد التسليح في المنشآت الخرسانية. أضفنا أبواغ بكتيريا منتجة للكالسيت إلى ملاط الترميم، ثم شققنا العينات بعد 28 يومًا. والتأمت الشقوق التي يقل عرضها عن 0.4 مليمتر خلال ثمانية أسابيع من الترطيب والتجفيف، وعادت نفاذية الماء إلى مستوى الملاط السليم.',
          authors: ['Ibrahim Abdallah', 'Mai Ezzat'],
          keywords: ['materials', 'structures', 'biotechnology'],
          specialization: 2,
          paperType: 4,
          pages: [31, 42],
          views: 6,
        },
      ],
    },
    {
      volume: 2,
      issue: 2,
      month: '12 2026',
      publishDate: '2026-12-20',
      published: false,
      papers: [
        {
          en: 'Solar desalination for coastal villages',
          ar: 'تحلية المياه بالطاقة الشمسية للقرى الساحلية',
          abstractEn:
            'Villages on the Red Sea coast buy drinking water by truck. We built and ran a solar still with a humidification stage for one year in Marsa Alam. It produced 21 litres per square metre a day in summer and 9 in winter, at a cost per litre below the trucked water, with parts that local workshops can make and repair.',
          abstractAr:
            'تشتري القرى على ساحل البحر الأحمر مياه الشرب بالشاحنات. بنينا مقطّرًا شمسيًا بمرحلة ترطيب وشغّلناه عامًا كاملًا في مرسى علم، فأنتج 21 لترًا لكل متر مربع يوميًا في الصيف و9 لترات في الشتاء، بتكلفة للتر أقل من المياه المنقولة بالشاحنات، وبقطع تستطيع الورش المحلية صنعها وإصلاحها.',
          authors: ['Hala Shawky', 'Amr Reda'],
          keywords: ['water quality', 'renewable energy'],
          specialization: 1,
          paperType: 4,
          pages: [1, 11],
          views: 0,
        },
      ],
    },
  ],
  accepted: {
    en: 'Edge computing for irrigation control',
    ar: 'الحوسبة الطرفية للتحكم في الري',
    abstractEn:
      'Farms in the new lands pump more water than their crops need because the controllers wait for a distant server. We moved the irrigation decision onto a small computer in the field, fed by soil moisture sensors. Over one season on 40 hectares of wheat the farm used 17 percent less water with the same yield, and the system kept working through network outages.',
    abstractAr:
      'تضخ المزارع في الأراضي الجديدة مياهًا أكثر من حاجة محاصيلها لأن وحدات التحكم تنتظر خادمًا بعيدًا. نقلنا قرار الري إلى حاسوب صغير في الحقل تغذيه مستشعرات رطوبة التربة، فاستهلكت المزرعة على مدى موسم في 40 هكتارًا من القمح مياهًا أقل بنسبة 17 في المئة مع المحصول نفسه.',
    authors: ['Karim Nabil', 'Rana Mohsen'],
    keywords: ['networks', 'agriculture', 'sensors'],
    specialization: 0,
    paperType: 4,
  },
};

const ethics: DemoArchive = {
  doiPrefix: '',
  printIssn: '',
  onlineIssn: '2974-1183',
  publisherEn: 'Delta University, Faculty of Medicine',
  publisherAr: 'جامعة الدلتا، كلية الطب',
  issues: [
    {
      volume: 1,
      issue: 1,
      month: '03 2026',
      publishDate: '2026-03-15',
      published: true,
      papers: [
        {
          en: 'Consent practices in paediatric trials',
          ar: 'ممارسات الموافقة في التجارب على الأطفال',
          abstractEn:
            'We reviewed the consent documents of 64 paediatric trials approved by the committee between 2019 and 2025. Parents signed in every trial, but children over seven were asked for their own assent in only 23. We propose an assent form in plain Arabic for three age groups, tested with 40 families.',
          abstractAr:
            'راجعنا وثائق الموافقة في 64 تجربة على الأطفال أقرّتها اللجنة بين عامي 2019 و2025. وقّع الآباء في كل التجارب، لكن الأطفال فوق السابعة سُئلوا عن موافقتهم الخاصة في 23 تجربة فقط. ونقترح نموذج موافقة بعربية ميسّرة لثلاث فئات عمرية، جرّبناه مع 40 أسرة.',
          authors: ['منى الشريف', 'أحمد عبد الله'],
          keywords: ['clinical trial', 'consent', 'children'],
          specialization: 0,
          paperType: 5,
          pages: [1, 10],
          views: 28,
        },
        {
          en: 'Data protection in community surveys',
          ar: 'حماية البيانات في المسوح المجتمعية',
          abstractEn:
            'Household surveys collect names, addresses and health data on paper and on phones. We audited eight community surveys and found identifiable data kept on personal phones in five. A short checklist for data collectors, covering encryption, separation of names and deletion dates, closed most of the gaps in a second audit.',
          abstractAr:
            'تجمع المسوح الأسرية الأسماء والعناوين والبيانات الصحية على الورق وعلى الهواتف. دقّقنا ثمانية مسوح مجتمعية فوجدنا بيانات تكشف الهوية محفوظة على هواتف شخصية في خمسة منها. وسدّت قائمة تحقق قصيرة لجامعي البيانات، تشمل التشفير وفصل الأسماء ومواعيد الحذف، معظم الثغرات في تدقيق ثانٍ.',
          authors: ['سامح يوسف', 'ريم حسن'],
          keywords: ['survey', 'epidemiology', 'privacy'],
          specialization: 1,
          paperType: 5,
          pages: [11, 19],
          views: 21,
        },
        {
          en: '',
          ar: 'الموافقة المُستنيرة لدى كبار السنّ في دور الرعاية',
          abstractEn: '',
          abstractAr:
            'تتناول هذه الدراسة كيفية الحصول على الموافقة المُستنيرة من كبار السنّ المقيمين في دور الرعاية عند إشراكهم في البحوث. قابلنا 52 مقيمًا و18 من مقدّمي الرعاية في ست دور، ووجدنا أن تقدير القدرة على اتخاذ القرار يتم غالبًا دون أداة موحّدة. ونوصي باستخدام أداة قصيرة لتقييم القدرة وبإشراك أحد أفراد الأسرة دون أن يحلّ محل رأي المشارك.',
          authors: ['هالة إبراهيم', 'محمود سعيد', 'نور الهدى علي'],
          keywords: ['consent', 'elderly', 'survey'],
          specialization: 1,
          paperType: 6,
          pages: [20, 31],
          views: 14,
        },
        {
          en: '',
          ar: 'إدارة عيّنات الأنسجة في البنوك الحيوية',
          abstractEn: '',
          abstractAr:
            'تحتفظ البنوك الحيوية بعيّنات الأنسجة سنوات طويلة بعد انتهاء الدراسة التي جُمعت من أجلها. راجعنا سياسات أربعة بنوك حيوية جامعية، ووجدنا أن اثنين منها فقط يسألان المتبرع عن الاستخدام المستقبلي للعيّنة. ونقترح نموذج موافقة متدرّجة يتيح للمتبرع اختيار أنواع البحوث المسموح بها وسحب موافقته في أي وقت.',
          authors: ['طارق منصور', 'دعاء فتحي'],
          keywords: ['biochemistry', 'consent', 'biobank'],
          specialization: 2,
          paperType: 5,
          pages: [32, 40],
          views: 7,
        },
      ],
    },
    {
      volume: 1,
      issue: 2,
      month: '09 2026',
      publishDate: '2026-09-30',
      published: false,
      papers: [],
    },
  ],
  accepted: {
    en: 'Placebo use in surgical trials',
    ar: 'استخدام العلاج الوهمي في التجارب الجراحية',
    abstractEn:
      'Sham surgery is the most disputed control in clinical research. We reviewed twelve surgical trials with a sham arm submitted to Egyptian committees and the reasons their approvals gave, and propose four conditions under which a sham procedure may be approved.',
    abstractAr:
      'الجراحة الوهمية أكثر أنواع الضبط إثارة للجدل في البحث السريري. راجعنا اثنتي عشرة تجربة جراحية بذراع وهمية قُدّمت إلى لجان مصرية وأسباب الموافقة عليها، ونقترح أربعة شروط يجوز معها إقرار الإجراء الوهمي.',
    authors: ['كريم نبيل', 'سلمى عادل'],
    keywords: ['surgery', 'clinical trial', 'placebo'],
    specialization: 0,
    paperType: 5,
  },
};

export const DEMO_ARCHIVES: Record<string, DemoArchive> = { general, ethics };
