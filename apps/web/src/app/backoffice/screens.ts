import type { BackOfficeScreen } from '@journals/core/rules/permissions';

/** Catalogue keys of the back-office screens and drawer groups. */
export const screenTitleKey = (screen: BackOfficeScreen) => `backoffice.screen_${screen}` as const;

export const groupTitleKey = (group: string) =>
  `backoffice.group_${group as 'author' | 'reviewer' | 'editorial' | 'editorPanel'}` as const;
