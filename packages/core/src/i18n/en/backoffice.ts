export const backoffice = {} as const;
