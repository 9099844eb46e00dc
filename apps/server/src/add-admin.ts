import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { translate } from '@journals/core/i18n/index';
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { AddAdminError, addPlatformAdmin } from './features/platform/platform-admin.service';
import { ReadCache } from './lib/cache';
import { AppError } from './lib/errors';

/**
 * `npm run add-admin -- --email E --name N [--journal SLUG --title-en T --title-ar T [--language en|ar]]`: makes
 * the platform administrator of an empty platform (and its first journal, where they sign in), or promotes an
 * existing account. The password of a new account comes from ADMIN_PASSWORD or is asked for on the terminal;
 * never on the command line, where other users of the machine and the shell's history would see it.
 */
const USAGE =
  'npm run add-admin -- --email E --name "Full name" [--journal SLUG --title-en "Title" --title-ar "العنوان" [--language en|ar]]';

async function askPassword(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return undefined;
  // The question is shown; what is typed after it is not echoed.
  let hidden = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!hidden) process.stdout.write(chunk as Buffer);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = terminal.question('Password of the new administrator: ');
    hidden = true;
    return await answer;
  } finally {
    terminal.close();
    process.stdout.write('\n');
  }
}

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    journal: { type: 'string' },
    'title-en': { type: 'string' },
    'title-ar': { type: 'string' },
    language: { type: 'string' },
  },
  strict: true,
});
if (!values.email || !values.name) {
  console.error(`Usage: ${USAGE}`);
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const answer = await addPlatformAdmin(
    {
      db: database.db,
      config,
      cache: new ReadCache(0),
      // Mail is written to the outbox; the servers send what is pending when they start.
      jobs: { dispatchMail: async () => {}, dispatchDeposits: async () => {}, stop: async () => {} },
    },
    {
      email: values.email,
      name: values.name,
      password: await askPassword(),
      journal: values.journal
        ? {
            slug: values.journal,
            titleEn: values['title-en'] ?? '',
            titleAr: values['title-ar'] ?? '',
            defaultLanguage: values.language === 'ar' ? 'ar' : 'en',
          }
        : undefined,
    },
  );
  console.log(
    `${values.email} is ${answer.created ? 'the new' : 'now a'} platform administrator.` +
      (answer.journal ? ` Journal "${answer.journal.slug}" made, with them as its manager.` : ''),
  );
  if (answer.journals === 0)
    console.log(`There is no journal yet, and signing in happens at a journal: run again with --journal (${USAGE}).`);
  else
    console.log(
      `Sign in at ${config.PUBLIC_URL}/${answer.journal?.slug ?? '<journal>'}/ and open the Platform screens.`,
    );
} catch (error) {
  if (error instanceof AddAdminError) console.error(`Refused: ${error.message}`);
  else if (error instanceof AppError) console.error(`Refused: ${translate('en', error.messageKey)}`);
  else log.fatal({ err: error }, 'adding the administrator failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
