/** The editors' exports of an issue for indexers and DOI registration (issue 21 §5). */
export const harvesting = {
  issueNotFound: 'Issue not found, it may be deleted',
  issueEmpty: 'This issue has no papers to export yet',
  noDepositor: 'Fill in the depositor name and e-mail in the journal data before making a Crossref deposit',
  noDoi: 'No paper of this issue has a DOI: there is nothing to deposit',
};
