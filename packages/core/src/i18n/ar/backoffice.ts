import type { backoffice as en } from '../en/backoffice';

export const backoffice: Record<keyof typeof en, string> = {};
