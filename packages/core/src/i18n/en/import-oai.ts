/**
 * The OAI-PMH harvest (issue 45 §4, decision 0079): what the server's guarded fetch refuses or meets on the way, why a
 * harvest cannot go on, and why one harvested record is refused.
 */
export const importOai = {
  noUrl: "Give the address of the repository's OAI-PMH interface (its base URL)",
  fetchBadUrl: '{{url}} is not a web address',
  fetchScheme: 'Only http and https addresses can be harvested: {{url}}',
  fetchRefusedAddress: '{{host}} leads to a private or local network address, which this server does not reach',
  fetchUnreachable: '{{host}} could not be reached',
  fetchTimeout: '{{host}} did not answer within {{seconds}} seconds',
  fetchTooLarge: 'The answer from {{host}} is larger than {{megabytes}} MB',
  fetchTooManyRedirects: '{{host}} sent the request on more than {{count}} times (redirects)',
  fetchEncoding: 'The answer from {{host}} is compressed in a way this server does not read',
  httpStatus: '{{host}} answered with the error {{status}}',
  unavailable: '{{host}} is unavailable for now (it asked to come back later); try the harvest again later',
  notOai: 'The answer from {{host}} is not an OAI-PMH answer',
  wrongEncoding: 'The answer from {{host}} is not in UTF-8, which OAI-PMH requires',
  badResumptionToken: 'The repository no longer accepts the point the harvest had reached (it expired); start it again',
  oaiError: 'The repository refused the harvest: {{code}} ({{message}})',
  tooManyPages: 'The harvest passed {{pages}} pages and was stopped',
  tokenLoop: 'The repository sent the same resumption token twice; the harvest was stopped',
  noTitle: 'This record has no title',
  noIssue:
    'This record names no volume and issue (in dc:source or dc:relation), so it cannot be placed in an issue; a spreadsheet import can place it',
  noYear: 'This record gives no year of publication (neither in its citation nor in dc:date)',
  galleyTooLarge: 'The PDF at {{url}} is larger than {{megabytes}} MB',
  galleyNotFetched: 'The PDF at {{url}} could not be fetched: {{host}} did not answer it in time or refused it',
};
