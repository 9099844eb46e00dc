/**
 * The error envelope of DESIGN §5: HTTP status + { code, message, errors?: { Field: [messageKey, …] } }.
 * Codes map to statuses here, once; the server answers with them and the web reads them.
 */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  fileTooLarge: 413,
  /** A file that expands past its budget (zip, deflate, pixels) or whose processing runs out of time: decision 0070. */
  fileTooComplex: 413,
  unsupportedFileType: 415,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  /** The server sheds load it cannot answer in time, or is stopping (issue 23 §5): the client retries later. */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → message keys, field names as in the spec's error catalogues (Email, FullName, …). */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  code: ErrorCode;
  /** A message key of the catalogue (errors.*), translated by the server into `message`. */
  messageKey: string;
  message: string;
  errors?: FieldErrors;
}

/**
 * Request field names as the spec's error catalogues spell them (spec 01 §8). A form field not listed
 * is capitalised (fullName → FullName); nested paths keep their indexes (authors.0.email → Authors[0].email).
 */
const SPEC_FIELD_NAMES: Record<string, string> = {
  phone: 'PhoneNumber',
  phoneNumber: 'PhoneNumber',
  orcid: 'ORCID',
  captcha: 'Captcha',
};

export function specFieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'General';
  const [head, ...rest] = path.map(String);
  const first = SPEC_FIELD_NAMES[head!] ?? head!.charAt(0).toUpperCase() + head!.slice(1);
  return rest.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`), first);
}

/** The reverse of specFieldName for a flat form: "PhoneNumber" → the form's own field name. */
export function formFieldName<T extends string>(specName: string, formFields: readonly T[]): T | undefined {
  return formFields.find((field) => specFieldName([field]) === specName);
}
