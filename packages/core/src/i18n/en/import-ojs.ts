/**
 * The OJS imports (issue 45 §1, decision 0077): why a Native XML or Users XML export cannot be read at all (the file's
 * reasons), and why one record of it is refused (shown after its place, "issue 2 (vol. 3 no. 1) › article 5: …").
 */
export const importOjs = {
  notXml:
    'The file is not well-formed XML (near line {{line}}). Export it from OJS again and upload the file as it comes',
  notNative:
    'This is not an OJS Native XML export: it begins with <{{element}}>, where <issues>, <issue>, <articles> or <article> was expected',
  notUsers:
    'This is not an OJS Users XML export: it begins with <{{element}}>, where <PKPUsers> or <users> was expected',
  entitiesRefused:
    'The file declares entities of its own (a DOCTYPE with declarations). Such a file can expand to far more than it weighs or read other files, so it is refused; OJS never writes one',
  wrongEncoding: 'The file says it is written in {{encoding}}; only UTF-8 is read. Export it from OJS again as UTF-8',
  notUtf8: 'The file is not valid UTF-8 (near byte {{offset}}). Export it from OJS again as UTF-8',
  tooDeep: 'Elements in the file nest deeper than {{max}} levels',
  tooManyElements: 'The file holds more than {{max}} elements',
  textTooLong: 'A text or an attribute in the file runs past {{max}} characters',
  recordTooLarge: 'The record holds more than {{max}} elements',
  partTooLarge: 'A part of the file outside its records holds more than {{max}} elements',
  noTitle: 'The article has no title in English or in Arabic',
  notInIssue: 'The article is not in an issue (it has no issue identification)',
  badVolume: 'The volume “{{value}}” is not a whole number',
  badYear: 'The year “{{value}}” is not a year',
  badDate: 'The publication date “{{value}}” is not a date',
  fileTooLarge: 'The embedded file “{{name}}” is larger than {{max}} MB',
  badEmbed: 'The embedded file “{{name}}” is not valid base64',
  fileBesideXml: 'The file “{{name}}” is given beside the XML, and was not found with it',
  galleyFileMissing: 'The galley points to a file that is not in the export (file {{id}})',
  zipXml: 'The zip holds {{count}} XML files; it must hold exactly one, the OJS export',
  noEmail: 'The user has no valid e-mail address',
  noName: 'The user has no given name',
};
