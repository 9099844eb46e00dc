import type { publicSite as en } from '../en/public';

export const publicSite: Record<keyof typeof en, string> = {};
