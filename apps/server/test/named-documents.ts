import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { strToU8, zipSync } from 'fflate';

/**
 * Documents that name their writer in their metadata, as real ones do: a PDF whose Info dictionary, XMP packet,
 * a comment and an object left by an earlier revision carry the name, and a DOCX whose properties, comments and
 * tracked changes carry it. Names are written as plain bytes, so a test can also look for them in the raw file.
 */

export async function namedPdf(name: string, text = 'Structured education and recovery'): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 10, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const { context } = pdf;
  const literal = (value: string) => PDFString.of(value);
  context.trailerInfo.Info = context.register(
    context.obj({
      Author: literal(name),
      Creator: literal(`Word for ${name}`),
      Producer: literal(`${name}'s PDF printer`),
      Title: literal(`Proposal by ${name}`),
      Subject: literal(name),
      Keywords: literal(name),
    }),
  );
  const xmp = `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${name}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  pdf.catalog.set(PDFName.of('Metadata'), context.register(context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
  // A sticky note: its /T is its author.
  const note = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [10, 10, 30, 30],
      T: literal(name),
      Contents: literal('Note'),
    }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([note]));
  // An Info dictionary of an earlier revision, no longer referenced but still in the file.
  context.register(context.obj({ Author: literal(name) }));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

export function namedDocx(name: string, text = 'Structured education and recovery'): Buffer {
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Proposal</dc:title><dc:creator>${name}</dc:creator><cp:lastModifiedBy>${name}</cp:lastModifiedBy><cp:revision>3</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2026-10-01T09:00:00Z</dcterms:created></cp:coreProperties>`;
  const app = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Office Word</Application><Company>${name} Clinic</Company><Manager>${name}</Manager><Pages>1</Pages></Properties>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body><w:p><w:r><w:t>${text}</w:t></w:r><w:ins w:id="1" w:author="${name}" w:date="2026-10-02T10:00:00Z"><w:r><w:t> (revised)</w:t></w:r></w:ins></w:p></w:body></w:document>`;
  const comments = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:comments ${W}><w:comment w:id="0" w:author="${name}" w:initials="KN"><w:p><w:r><w:t>Check this</w:t></w:r></w:p></w:comment></w:comments>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELS),
      'word/document.xml': strToU8(document),
      'word/comments.xml': strToU8(comments),
      'docProps/core.xml': strToU8(core),
      'docProps/app.xml': strToU8(app),
    }),
  );
}

/** A JPEG with an EXIF segment naming its artist and a comment segment naming them again. */
export function namedJpeg(name: string): Buffer {
  const exifBody = Buffer.concat([Buffer.from('Exif\0\0MM\0*', 'latin1'), Buffer.from(`Artist ${name}\0`, 'latin1')]);
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exifBody),
    segment(0xfe, Buffer.from(`Photo by ${name}`, 'latin1')),
    Buffer.from([0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0xff, 0xd9]),
  ]);
}
