import type { Tx } from '../db/client';
import { paperFiles } from '../db/schema';
import { paperFileKey } from '../domain/paper-files';
import type { Storage } from '../storage/driver';

/**
 * A one-page PDF with lines of text (Helvetica, ASCII): a real document for the demo's files, with a correct
 * cross-reference table so every viewer opens it.
 */
export function demoPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 16 Tf 56 780 Td 22 TL',
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** Stores a demo PDF and lists it among the paper's files (a reviewer's attachment names its invitation). */
export async function storePdf(
  tx: Tx,
  storage: Storage,
  journalId: number,
  paperId: number,
  kind: (typeof paperFiles.$inferInsert)['kind'],
  name: string,
  lines: string[],
  invitationId: number | null = null,
) {
  const content = demoPdf(lines);
  const storageKey = paperFileKey(journalId, paperId, { originalName: name });
  await storage.put(storageKey, content);
  await tx.insert(paperFiles).values({
    paperId,
    kind,
    invitationId,
    storageKey,
    originalName: name,
    mimeType: 'application/pdf',
    size: content.length,
  });
}
