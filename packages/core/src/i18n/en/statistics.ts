/** The public editorial statistics page (issue 10 §4): its own catalogue part, loaded with the page. */
export const statistics = {
  intro:
    'How this journal handles the papers it receives, computed from its own records and refreshed every few minutes.',
  stat_received: 'Papers received',
  stat_acceptance_rate: 'Acceptance rate',
  stat_acceptance_rate_hint: 'Papers with a final decision: {{decided}}',
  stat_first_decision: 'Median time to first decision',
  stat_first_decision_hint: 'From submission to the editor’s first decision',
  stat_review_days: 'Median time to review',
  stat_review_days_hint: 'From invitation to review; reviews counted: {{reviews}}',
  stat_published: 'Papers published',
  stat_not_yet: 'Not yet',
  stat_days_one: '{{count}} day',
  stat_days_other: '{{count}} days',
  per_year_heading: 'Papers received and published each year',
  per_year_received: 'Received',
  per_year_published: 'Published',
  per_year_year: 'Year',
  per_year_empty: 'No paper has been received yet.',
  per_year_table: 'The same figures as a table',
};
