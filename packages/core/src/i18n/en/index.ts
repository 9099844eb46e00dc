import { archivePart, invitationPart } from './archive-part';
import { backOffice } from './back-office';
import { importJats } from './import-jats';
import { importOai } from './import-oai';
import { importOjs } from './import-ojs';
import { importSheet } from './import-sheet';
import { mail } from './mail';
import { site } from './site';
import { statistics } from './statistics';

/** The English catalogue, the reference every other language is typed against (../index.ts). */
export const en = {
  ...site,
  mail,
  ...backOffice,
  statistics,
  ...archivePart,
  ...invitationPart,
  importJats,
  importOai,
  importOjs,
  importSheet,
};
