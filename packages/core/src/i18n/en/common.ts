export const common = {} as const;
