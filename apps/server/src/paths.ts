import path from 'node:path';

/**
 * The apps/server folder, for the files the server reads beside its code (migrations, assets, the built web app).
 * Found from this file because it sits one folder down both as source (src/paths.ts, under tsx) and in the bundle
 * (dist/server.js, where every module shares the bundle's location).
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
