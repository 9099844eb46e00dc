/**
 * The entry of the spreadsheet reader's worker thread (features/imports/sheet-thread.ts, decision 0084): loaded under
 * tsx from source and as dist/sheet-rows.js in the bundle. One worker reads one file.
 */
import { readRowsInThisThread } from './features/imports/sheet-thread-worker';

void readRowsInThisThread();
