import type { Catalogue } from '../catalogue';
import { accounts } from './accounts';
import { common } from './common';
import { errors, messages } from './errors';
import { public as publicSite } from './public';
import { validation } from './validation';

/** The areas every page of the web app may need: the public site, accounts, server messages. */
export const site: Pick<Catalogue, 'validation' | 'errors' | 'messages' | 'common' | 'public' | 'accounts'> = {
  validation,
  errors,
  messages,
  common,
  public: publicSite,
  accounts,
};
