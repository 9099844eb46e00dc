import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { MB } from '@journals/core/files';

/**
 * Files that unpack to far more than they weigh (issue 44 §2), built here by small code rather than kept as
 * fixtures: each weighs about 100 KB and expands to 100 MiB, or claims ten billion pixels.
 */

const EXPANDED = 100 * MB;

/** A zip of the given parts; `bomb` names a part whose content is 100 MiB of spaces, deflated. */
function zip(parts: [string, string][], bomb: string): Buffer {
  const local: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  const add = (name: string, data: Buffer, size: number, crc: number) => {
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, nameBytes, data);
    directory.push(entry, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  };
  for (const [name, text] of parts) {
    const content = Buffer.from(text);
    add(name, deflateRawSync(content), content.length, crc32(content));
  }
  const huge = Buffer.alloc(EXPANDED, 0x20);
  add(bomb, deflateRawSync(huge, { level: 9 }), huge.length, crc32(huge));
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length + 1, 8);
  end.writeUInt16LE(parts.length + 1, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directoryBytes, end]);
}

/** A DOCX whose docProps/core.xml inflates to 100 MiB (the 103 KB file). */
export function docxBomb(): Buffer {
  const word = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zip(
    [
      [
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.' +
          'wordprocessingml.document.main+xml"/></Types>',
      ],
      ['word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="${word}"><w:body/></w:document>`],
    ],
    'docProps/core.xml',
  );
}

/** A PDF with an object stream (which a PDF reader inflates to find its objects) of 100 MiB, written by hand. */
export function pdfBomb(): Buffer {
  const data = deflateSync(Buffer.concat([Buffer.from('5 0 << >> '), Buffer.alloc(EXPANDED, 0x20)]), { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
    Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let at = chunks[0]!.length;
  const offsets = objects.map((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(object);
    const offset = at;
    at += object.length;
    return offset;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([...chunks, Buffer.from(xref)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header claims 100,000 × 100,000 grey pixels (10 gigapixels for a viewer to decode). */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bit depth; colour type 0 (grey)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(100_001 * 16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A readable PDF of exactly `bytes` bytes: one page and an uncompressed stream of random bytes to fill it. */
export async function pdfOfSize(bytes: number): Promise<Buffer> {
  let filler = bytes - 1000;
  for (;;) {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const data = Buffer.alloc(filler, 'x');
    pdf.context.register(pdf.context.stream(data));
    const saved = Buffer.from(await pdf.save({ useObjectStreams: false }));
    if (saved.length === bytes) return saved;
    filler += bytes - saved.length;
  }
}
