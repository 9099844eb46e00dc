import type { Catalogue } from '../catalogue';
import { backOffice } from './back-office';
import { mail } from './mail';
import { site } from './site';
import { statistics } from './statistics';

/** The Arabic catalogue: a key missing here fails the type check. */
export const ar: Catalogue = { ...site, mail, ...backOffice, statistics };
