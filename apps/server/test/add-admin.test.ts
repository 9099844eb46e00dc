import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddAdminError, addPlatformAdmin } from '../src/features/platform/platform-admin.service';
import { buildTestApp, type TestApp } from './harness';

/**
 * The operator's first step on an empty platform (issue 23, `npm run add-admin`): the platform administrator and the
 * first journal, where they sign in; an existing account promoted; refused input said plainly.
 */
describe('adding the platform administrator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(() => app.close());

  it('makes the first administrator and journal of an empty platform, who signs in there and runs it', async () => {
    const answer = await addPlatformAdmin(app.deps, {
      email: 'Chief@Press.example',
      name: 'Amal Haddad',
      password: 'Strong-pass-9',
      journal: { slug: 'press', titleEn: 'Press Journal', titleAr: 'مجلة المطبعة', defaultLanguage: 'ar' },
    });
    expect(answer).toEqual({ created: true, journal: { slug: 'press' }, journals: 1 });
    const admin = app.client();
    await admin.login('chief@press.example', 'Strong-pass-9', 'press');
    const me = await admin.get('/api/journals/press/me');
    expect(me.body.user).toMatchObject({ isPlatformAdmin: true, fullName: 'Amal Haddad' });
    const journals = await admin.get('/api/journals/press/platform/journals');
    expect(journals.status).toBe(200);
    expect(journals.body.items).toMatchObject([{ slug: 'press', titleAr: 'مجلة المطبعة', people: 1 }]);
    // No invitation was written: the account has its password already.
    const mail = await app.database.executeSql(`SELECT kind FROM mail_outbox`);
    expect(mail.rows).toEqual([]);
  });

  it('promotes an existing account, keeping its password', async () => {
    const other = app.client();
    await other.post('/api/journals/press/auth/register', {});
    const { created } = await addPlatformAdmin(app.deps, { email: 'chief@press.example', name: 'Amal Haddad' });
    expect(created).toBe(false);
  });

  it('refuses a bad address, a weak password or a taken journal address, saying why', async () => {
    await expect(
      addPlatformAdmin(app.deps, { email: 'not-an-address', name: 'X', password: 'Strong-pass-9' }),
    ).rejects.toThrow(new AddAdminError('--email value: Please enter a valid e-mail address.'));
    await expect(
      addPlatformAdmin(app.deps, { email: 'new@press.example', name: 'New', password: 'x' }),
    ).rejects.toThrow(AddAdminError);
    await expect(
      addPlatformAdmin(app.deps, {
        email: 'chief@press.example',
        name: 'Amal Haddad',
        journal: { slug: 'press', titleEn: 'Again', titleAr: 'مرة أخرى' },
      }),
    ).rejects.toMatchObject({ messageKey: 'platform.slug_taken' });
  });
});

describe('npm run add-admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-add-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/add-admin.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
    });

  it('makes the administrator and the journal, the password from ADMIN_PASSWORD; refuses bad input with exit 1', () => {
    const made = run(
      [
        '--email',
        'ops@uni.example',
        '--name',
        'Omar Said',
        '--journal',
        'uni',
        '--title-en',
        'Uni Journal',
        '--title-ar',
        'مجلة الجامعة',
      ],
      { ADMIN_PASSWORD: 'Strong-pass-9' },
    );
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('ops@uni.example is the new platform administrator. Journal "uni" made');
    expect(made.status).toBe(0);
    const refused = run(['--email', 'ops@', '--name', 'Omar Said']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Refused: --email');
    const usage = run(['--name', 'Omar Said']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run add-admin');
  });
});
