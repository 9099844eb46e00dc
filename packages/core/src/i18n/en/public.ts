export const publicSite = {} as const;
