import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FetchPolicy, GuardedFetchError, guardedFetch } from '../../lib/guarded-fetch';
import type { ImportedFile, RefusedRecord } from './model';

/**
 * A harvested record's PDF (decision 0079): each address that may be it is fetched through the guarded fetch, and the
 * first that answers 200 with application/pdf is streamed to the work folder, under the size cap. An address that
 * answers something else (a landing page, a 404) is no PDF, and the paper comes without one; a PDF that is too large
 * or does not arrive refuses the record, so a paper is never imported silently without the file its source has.
 */
export async function fetchGalley(
  candidates: string[],
  workDir: string,
  index: number,
  policy: FetchPolicy,
  signal?: AbortSignal,
): Promise<{ file: ImportedFile | null } | { refused: RefusedRecord }> {
  for (const candidate of candidates) {
    const target = path.join(workDir, `galley-${index}.pdf`);
    try {
      const response = await guardedFetch(candidate, policy, { signal, accept: 'application/pdf' });
      if (response.status !== 200 || response.mediaType !== 'application/pdf') {
        response.cancel();
        continue;
      }
      await pipeline(response.body, createWriteStream(target));
      const { size } = await stat(target);
      return {
        file: {
          name: fileName(response.url, response.headers['content-disposition']),
          mimeType: 'application/pdf',
          path: target,
          bytes: size,
        },
      };
    } catch (error) {
      await rm(target, { force: true });
      if (!(error instanceof GuardedFetchError)) throw error;
      const url = candidate.slice(0, 300);
      const refused: RefusedRecord =
        error.reason === 'importOai.fetchTooLarge'
          ? {
              kind: 'refused',
              place: [],
              reason: 'importOai.galleyTooLarge',
              values: { url, megabytes: error.values.megabytes ?? 0 },
            }
          : {
              kind: 'refused',
              place: [],
              reason: 'importOai.galleyNotFetched',
              values: { url, host: new URL(candidate).hostname },
            };
      return { refused };
    }
  }
  return { file: null };
}

/** The name the answer gives the file (Content-Disposition), else the address's last part; always ending in .pdf. */
function fileName(url: URL, disposition: string | undefined): string {
  const given =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let name = given ?? url.pathname.split('/').filter(Boolean).at(-1) ?? 'paper';
  try {
    name = decodeURIComponent(name);
  } catch {
    // kept as written
  }
  name = path.basename(name.replace(/[\\/]/g, '_')).slice(0, 150) || 'paper';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
