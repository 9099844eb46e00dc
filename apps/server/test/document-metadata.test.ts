import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isCleanable, UncleanableDocument, withoutAuthorMetadata } from '../src/lib/document-metadata';
import { DOCX, PDF } from './papers';
import { namedDocx, namedJpeg, namedPdf } from './named-documents';

/** The copy of a document that crosses the anonymity line (DESIGN §3; docs/decisions/0028). */

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('a PDF without its author', () => {
  it('has no Author, Creator, Producer, Title, Subject, Keywords, XMP or comment author, and keeps its page', async () => {
    const named = await namedPdf('Sara Youssef');
    expect(named.includes('Sara Youssef')).toBe(true);
    const clean = await withoutAuthorMetadata(named, 'application/pdf');

    expect(clean.includes('Sara Youssef')).toBe(false);
    const reopened = await PDFDocument.load(clean, { updateMetadata: false });
    expect([
      reopened.getAuthor(),
      reopened.getCreator(),
      reopened.getProducer(),
      reopened.getTitle(),
      reopened.getSubject(),
      reopened.getKeywords(),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(reopened.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(reopened.getPageCount()).toBe(1);
    // The sticky note stays, without its author.
    const note = reopened.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict);
    expect(note.get(PDFName.of('Contents'))).toBeDefined();
    expect(note.get(PDFName.of('T'))).toBeUndefined();
    expect(clean.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('cleans the minimal PDFs the tests and the demo upload', async () => {
    expect(await isCleanable(PDF, 'application/pdf')).toBe(true);
  });

  it('refuses what is not a PDF, and an encrypted one', async () => {
    await expect(withoutAuthorMetadata(Buffer.from('%PDF-1.4 nothing here'), 'application/pdf')).rejects.toThrow(
      UncleanableDocument,
    );
    const encrypted = await PDFDocument.create();
    encrypted.addPage();
    encrypted.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    expect(await isCleanable(Buffer.from(await encrypted.save()), 'application/pdf')).toBe(false);
  });
});

describe('a Word document without its author', () => {
  it('has no creator, last-modified-by, company or manager, and no author on comments and tracked changes', () => {
    const named = namedDocx('Karim Nabil');
    const parts = unzipSync(named);
    expect(strFromU8(parts['docProps/core.xml']!)).toContain('<dc:creator>Karim Nabil</dc:creator>');

    return withoutAuthorMetadata(named, DOCX_TYPE).then((clean) => {
      const cleaned = unzipSync(clean);
      const core = strFromU8(cleaned['docProps/core.xml']!);
      const app = strFromU8(cleaned['docProps/app.xml']!);
      expect(core).not.toMatch(/creator|lastModifiedBy|Karim/);
      // The rest of the properties stay as they were.
      expect(core).toContain('<cp:revision>3</cp:revision>');
      expect(app).not.toMatch(/Company|Manager|Karim/);
      expect(app).toContain('<Pages>1</Pages>');
      for (const [name, bytes] of Object.entries(cleaned))
        expect({ name, text: strFromU8(bytes) }).not.toMatchObject({
          text: expect.stringContaining('Karim'),
        });
      expect(strFromU8(cleaned['word/comments.xml']!)).toContain('w:author="Anonymous"');
      expect(strFromU8(cleaned['word/document.xml']!)).toContain('Structured education and recovery');
      expect(Object.keys(cleaned)).toEqual(Object.keys(parts));
      // The raw bytes: nothing of the name, compressed or not (the XML parts are deflated, so read them back).
      expect(clean.includes('Karim')).toBe(false);
    });
  });

  it('cleans the fixture DOCX without properties parts, and refuses a zip that is not a Word document', async () => {
    expect(await isCleanable(DOCX, DOCX_TYPE)).toBe(true);
    expect(await isCleanable(Buffer.from('PK\x03\x04 broken'), DOCX_TYPE)).toBe(false);
  });
});

describe('an image without its metadata', () => {
  it('drops EXIF and comments from a JPEG and keeps the picture', async () => {
    const named = namedJpeg('Sara Youssef');
    const clean = await withoutAuthorMetadata(named, 'image/jpeg');
    expect(clean.includes('Sara Youssef')).toBe(false);
    expect(clean.includes('JFIF')).toBe(true);
    expect(clean.subarray(-8).equals(named.subarray(-8))).toBe(true);
  });

  it('cannot clean a Word 97–2003 (.doc) file', async () => {
    expect(await isCleanable(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'application/x-cfb')).toBe(false);
  });
});
