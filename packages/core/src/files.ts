/**
 * What each uploaded document may be (DESIGN §7, spec 02 §5, main reading): 5 MB submission files of
 * doc/docx/pdf, department approval also jpg. Checked by content (magic bytes) as well as by extension.
 */
export const MB = 1024 * 1024;

export interface FileRule {
  extensions: readonly string[];
  /** MIME types the content must sniff as (doc is OLE2 "x-cfb", docx a zip-based office type). */
  mimeTypes: readonly string[];
  maxBytes: number;
  /**
   * The other side of the anonymous review reads this file (DESIGN §3): it must be one the server can clean of
   * its author details (docs/decisions/0028), so Word 97–2003 (.doc) is not offered.
   */
  anonymised?: boolean;
}

export const WORD_PDF = {
  extensions: ['doc', 'docx', 'pdf'],
  mimeTypes: [
    'application/pdf',
    'application/x-cfb',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  maxBytes: 5 * MB,
} as const satisfies FileRule;

/** The author's files a reviewer reads: PDF or DOCX only, cleaned of their author details when served. */
export const ANONYMISED_WORD_PDF = {
  extensions: ['docx', 'pdf'],
  mimeTypes: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  maxBytes: 5 * MB,
  anonymised: true,
} as const satisfies FileRule;

export const PAPER_FILE_KINDS = [
  'proposalFile',
  'signedInformedConsent',
  'departmentApprovalDocuments',
  'paymentReceipt',
] as const;
export type PaperFileKind = (typeof PAPER_FILE_KINDS)[number];

export const PAPER_FILE_RULES: Record<PaperFileKind, FileRule> = {
  proposalFile: ANONYMISED_WORD_PDF,
  signedInformedConsent: ANONYMISED_WORD_PDF,
  departmentApprovalDocuments: {
    extensions: [...WORD_PDF.extensions, 'jpg', 'jpeg'],
    mimeTypes: [...WORD_PDF.mimeTypes, 'image/jpeg'],
    maxBytes: 5 * MB,
  },
  paymentReceipt: WORD_PDF,
};

/** The submission files an invited reviewer reads (the rest are for the editors). */
export const REVIEWER_FILE_KINDS = [
  'proposalFile',
  'signedInformedConsent',
] as const satisfies readonly PaperFileKind[];
export type ReviewerFileKind = (typeof REVIEWER_FILE_KINDS)[number];

/** Files every submission needs; the last two not for an annual study status report (kind 4). */
export function requiredPaperFiles(kind: number | undefined): PaperFileKind[] {
  return kind === 4 ? ['proposalFile', 'signedInformedConsent'] : [...PAPER_FILE_KINDS];
}

/**
 * A resubmission (spec 02 §5 Dialogs): it offers the slots of the paper's kind and needs all of them but the
 * signed consent, which the new version keeps from the old one when none is sent.
 */
export function resubmissionFiles(kind: number | null | undefined) {
  const offered = requiredPaperFiles(kind ?? undefined);
  const required: PaperFileKind[] = offered.filter((slot) => slot !== 'signedInformedConsent');
  return { offered, required };
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A chosen file's problem before it is sent (the server checks its content again): its extension, then its size. */
export function fileRuleError(rule: Pick<FileRule, 'extensions' | 'maxBytes'>, file: { name: string; size: number }) {
  if (!rule.extensions.includes(extensionOf(file.name))) return 'validation.file_type';
  if (file.size > rule.maxBytes) return 'validation.file_max';
  return null;
}
