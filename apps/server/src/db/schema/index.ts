/** Every table, one file per area: `import { papers } from '../db/schema'` reads from here, as drizzle-kit does. */
export * from './journals';
export * from './issues';
export * from './accounts';
export * from './security';
export * from './papers';
export * from './reviewing';
export * from './files';
export * from './decisions';
export * from './payments';
export * from './archive';
export * from './logs';
export * from './mail';
export * from './jobs';
export * from './platform';
export * from './imports';
export * from './exports';
export * from './dois';
