/** Notices about a published paper (issue 46 §2): corrections, expressions of concern, retractions. */
export const notices = {
  title: 'Notices',
  intro:
    'A correction, an expression of concern or a retraction is shown at once on the paper’s public page, and its authors are told by e-mail. The paper stays published and readable.',
  none: 'This paper has no notice.',
  publish: 'Publish a notice',
  kind: 'Kind of notice',
  kind_correction: 'Correction',
  kind_expressionOfConcern: 'Expression of concern',
  kind_retraction: 'Retraction',
  text_en: 'Text in English',
  text_ar: 'Text in Arabic',
  noticeDate: 'Date of the notice',
  doi: 'DOI of the notice (optional)',
  doi_hint:
    'A DOI of the notice’s own. Left empty, a journal that registers DOIs gives it one; it is deposited with Crossref with its paper.',
  deposit: 'Its DOI with Crossref: {{state}}',
  open_page: 'The notice’s page',
  confirm_title: 'Publish this notice?',
  confirm_text:
    'The {{kind}} will be shown on the public page of “{{title}}” at once, and mailed to its authors. It cannot be withdrawn from this screen.',
  confirm: 'Publish the notice',
  cancel: 'Cancel',
  published: 'The notice is published, and the authors are told.',
  load_failed: 'The paper’s notices could not be loaded.',
  by: 'Published by {{name}} on {{date}}',
  kind_required: 'Choose the kind of notice.',
  text_required: 'Write the notice’s text in the journal’s default language.',
  text_max: 'The text must not exceed 10,000 characters.',
  date_required: 'Give the notice’s date.',
  doi_invalid: 'This is not a valid DOI. Write it as 10.1234/abc or https://doi.org/10.1234/abc.',
  doi_taken: 'This DOI is already given to a paper or another notice.',
  not_published: 'Only a published paper can have a notice.',
  corrected_file: 'Corrected PDF (optional)',
  corrected_file_hint:
    'It becomes the paper’s version of record: its PDF link downloads it. The current PDF stays readable as an earlier version. PDF, 25 MB at most.',
  corrected_file_confirm:
    'Its PDF will be replaced by “{{name}}”; the current one stays readable as an earlier version.',
  corrected_file_required: 'Attach the corrected PDF.',
  log_file_replaced: 'the paper’s PDF was replaced by the corrected file',
};
