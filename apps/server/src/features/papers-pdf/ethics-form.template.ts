import { DIRECTION, type Language } from '@journals/core/enums';

/** What the ethics form shows (spec 02 §3 "Ethics form request", plus the journal and the approval). */
export interface EthicsFormData {
  journalTitle: string;
  /** A data: URL (the page renders offline), or null when the journal has no logo. */
  logo: string | null;
  code: string;
  date: string;
  title: string;
  reviewers: string[];
  /** "Name — workplace" of each author. */
  researchers: { name: string; workPlace: string }[];
  jobTitle: string;
  medicalSchool: string;
  department: string;
  /** Status 5 is approved subject to the requested revisions. */
  withRevisions: boolean;
}

const LABELS = {
  en: {
    heading: 'Research Ethics Committee Approval',
    code: 'Proposal code',
    date: 'Date',
    title: 'Research title',
    researchers: 'Researchers',
    jobTitle: 'Job title',
    medicalSchool: 'Medical school',
    department: 'Department',
    reviewers: 'Reviewers',
    approval: (journal: string) =>
      `${journal} has reviewed the research proposal described above and hereby grants its ethical approval.`,
    revisions: 'This approval is subject to the revisions requested by the committee.',
    chair: 'Chair of the committee',
    signature: 'Signature',
    none: '—',
  },
  ar: {
    heading: 'موافقة لجنة أخلاقيات البحث العلمي',
    code: 'رقم المقترح',
    date: 'التاريخ',
    title: 'عنوان البحث',
    researchers: 'الباحثون',
    jobTitle: 'الصفة الوظيفية',
    medicalSchool: 'التخصص',
    department: 'القسم',
    reviewers: 'المحكّمون',
    approval: (journal: string) =>
      `راجعت ${journal} مقترح البحث الموضح أعلاه، وتمنح بموجب هذا موافقتها الأخلاقية عليه.`,
    revisions: 'هذه الموافقة مشروطة بإجراء التعديلات التي طلبتها اللجنة.',
    chair: 'رئيس اللجنة',
    signature: 'التوقيع',
    none: '—',
  },
} as const;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Values may be in the other language's script: each is isolated so bidi stays right (dir="auto"). */
const value = (text: string, none: string) => (text.trim() ? `<bdi dir="auto">${escape(text)}</bdi>` : none);

export function ethicsFormHtml(language: Language, data: EthicsFormData): string {
  const t = LABELS[language];
  const fonts =
    language === 'ar'
      ? "'Amiri', 'Noto Naskh Arabic', 'Noto Serif', serif"
      : "'Noto Serif', 'Noto Sans', 'Amiri', 'Noto Naskh Arabic', serif";
  // A mark of the page's direction on both sides keeps "name — workplace" in reading order whatever their script.
  const mark = language === 'ar' ? '&rlm;' : '&lrm;';
  const separator = ` ${mark}—${mark} `;
  const row = (label: string, content: string) => `<tr><th scope="row">${escape(label)}</th><td>${content}</td></tr>`;
  const researchers = data.researchers.length
    ? `<ul>${data.researchers
        .map(
          (person) =>
            `<li>${value(person.name, t.none)}${person.workPlace.trim() ? `${separator}${value(person.workPlace, '')}` : ''}</li>`,
        )
        .join('')}</ul>`
    : t.none;
  const reviewers = data.reviewers.length
    ? `<ul>${data.reviewers.map((name) => `<li>${value(name, t.none)}</li>`).join('')}</ul>`
    : t.none;
  return `<!doctype html>
<html lang="${language}" dir="${DIRECTION[language]}">
<head>
<meta charset="utf-8">
<title>${escape(t.heading)}</title>
<style>
  @page { size: A4; margin: 18mm 16mm; }
  * { box-sizing: border-box; }
  body { font-family: ${fonts}; font-size: ${language === 'ar' ? '13.5pt' : '11.5pt'}; line-height: 1.55; color: #1f2933; margin: 0; }
  header { display: flex; align-items: center; gap: 14px; border-block-end: 2px solid #1c4e80; padding-block-end: 10px; }
  header img { width: 64px; height: 64px; object-fit: contain; flex: none; }
  header .journal { font-size: 1.35em; font-weight: 700; color: #1c4e80; }
  h1 { text-align: center; font-size: 1.45em; margin-block: 22px 6px; }
  .meta { display: flex; justify-content: space-between; margin-block: 10px 16px; font-size: 0.95em; }
  .meta span b { margin-inline-end: 6px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { border: 1px solid #c5ced8; padding: 7px 10px; vertical-align: top; text-align: start; }
  th { width: 30%; background: #eef3f8; font-weight: 700; }
  ul { margin: 0; padding-inline-start: 1.2em; }
  .approval { margin-block: 22px 8px; text-align: justify; }
  .revisions { font-weight: 700; }
  .signatures { display: flex; justify-content: space-between; margin-block-start: 48px; }
  .signatures div { width: 42%; border-block-start: 1px solid #52606d; padding-block-start: 6px; text-align: center; }
</style>
</head>
<body>
<header>
  ${data.logo ? `<img src="${escape(data.logo)}" alt="">` : ''}
  <div class="journal">${value(data.journalTitle, '')}</div>
</header>
<h1>${escape(t.heading)}</h1>
<div class="meta">
  <span><b>${escape(t.code)}:</b><bdi dir="ltr">${escape(data.code)}</bdi></span>
  <span><b>${escape(t.date)}:</b><bdi dir="ltr">${escape(data.date)}</bdi></span>
</div>
<table>
  ${row(t.title, value(data.title, t.none))}
  ${row(t.researchers, researchers)}
  ${row(t.jobTitle, value(data.jobTitle, t.none))}
  ${row(t.medicalSchool, value(data.medicalSchool, t.none))}
  ${row(t.department, value(data.department, t.none))}
  ${row(t.reviewers, reviewers)}
</table>
<p class="approval">${escape(t.approval(data.journalTitle))}</p>
${data.withRevisions ? `<p class="revisions">${escape(t.revisions)}</p>` : ''}
<div class="signatures">
  <div>${escape(t.chair)}</div>
  <div>${escape(t.signature)}</div>
</div>
</body>
</html>`;
}
