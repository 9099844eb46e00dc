import type { accounts as en } from '../en/accounts';

export const accounts: Record<keyof typeof en, string> = {};
