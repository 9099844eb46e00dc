/** A LIKE/ILIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
