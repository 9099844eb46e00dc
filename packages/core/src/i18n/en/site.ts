import { accounts } from './accounts';
import { archive } from './archive';
import { common } from './common';
import { errors, messages, orcid } from './errors';
import { fullText } from './full-text';
import { invitation } from './invitation';
import { public as publicSite } from './public';
import { search } from './search';
import { validation } from './validation';

/** The areas every page of the web app may need: the public site, accounts, server messages. */
export const site = {
  validation,
  errors,
  messages,
  orcid,
  common,
  public: publicSite,
  accounts,
  invitation,
  fullText,
  search,
  archive,
};
