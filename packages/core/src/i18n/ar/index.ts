import type { Catalogue } from '../catalogue';
import { archivePart, invitationPart } from './archive-part';
import { backOffice } from './back-office';
import { importJats } from './import-jats';
import { importOai } from './import-oai';
import { importOjs } from './import-ojs';
import { importSheet } from './import-sheet';
import { mail } from './mail';
import { site } from './site';
import { statistics } from './statistics';

/** The Arabic catalogue: a key missing here fails the type check. */
export const ar: Catalogue = {
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
