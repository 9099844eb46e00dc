/**
 * The JATS import and the zips every import opens (issue 45 §2, decision 0078): why a zip or an XML file cannot be
 * read at all (the whole import is refused), and why one article is refused while the others go on.
 */
export const importJats = {
  fileType: 'A JATS import is a zip of articles (with their PDFs) or a single .xml file',
  zipUnreadable: 'The file is not a zip archive, or it is damaged',
  zipPathOutside: 'The zip holds a path that leaves its folder ({{name}}); such a zip is refused',
  zipTooManyEntries: 'The zip holds {{count}} files; an import takes at most {{max}}',
  zipEntryTooLarge: '{{name}} unpacks to more than {{megabytes}} MB',
  zipTooLarge: 'The zip unpacks to more than {{megabytes}} MB in all',
  zipTooCompressed:
    '{{name}} unpacks to more than {{ratio}} times its size in the zip, which no real file does (a zip bomb); the zip is refused',
  zipEncrypted: '{{name}} is protected by a password; upload the zip without one',
  zipSymlink: '{{name}} is a symbolic link; a zip holding links is refused',
  zipMethod: '{{name}} is compressed in a way this import does not read (only stored and deflated files)',
  zipDuplicate: 'The zip holds {{name}} twice',
  zipEntryBroken: '{{name}} in the zip is damaged and cannot be unpacked',
  zipNoArticles: 'The zip holds no JATS article (an .xml file)',
  xmlMalformed: '{{name}} is not well-formed XML (line {{line}}, column {{column}})',
  xmlEncoding: '{{name}} declares the encoding {{encoding}}; JATS files are read as UTF-8',
  xmlNotUtf8: '{{name}} is not UTF-8 text, as its declaration says; save it as UTF-8',
  xmlDoctypeSubset:
    '{{name}} declares entities or rules of its own in its DOCTYPE, which can hide an XML bomb; such a file is refused',
  xmlEntity:
    '{{name}} uses a named entity this import does not know (line {{line}}); write the character itself or as a number (&#8212;)',
  notJats: '{{name}} holds no JATS <article>',
  frontTooLarge: 'The front matter of this article is larger than an article’s front matter can be',
  noTitle: 'This article has no title in English or Arabic (<article-title>)',
  noIssue: 'This article names no volume or no issue (<volume>, <issue>); each paper of the archive sits in an issue',
  noYear: 'This article gives no year of publication (<pub-date>)',
  galleyMissing: 'This article names its PDF {{name}}, which the zip does not hold',
  galleyTooLarge: 'The PDF {{name}} is larger than {{megabytes}} MB',
};
