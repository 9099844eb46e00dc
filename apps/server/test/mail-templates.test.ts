import { TEMPLATE_TYPES } from '@journals/core/schemas/mail-templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, lastMailTo, type TestApp, type TestClient } from './harness';

/**
 * The mail-templates screen (spec 03 "Mail template", §5 "Template edit"; issue 22 §3): every type with its texts and
 * placeholders; an edit applies to the next mail of that type, which goes as HTML of the recipient's direction with a
 * plain-text part; hostile rich text comes back clean; the rules and messages; the preview fills a real paper.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
const FORGOT = `${G}/auth/forgot`;
interface Item {
  type: string;
  placeholders: string[];
  enTitle: string;
  arTitle: string;
  enContent: string;
  arContent: string;
  edited: boolean;
}
const list = async () => (await manager.get(`${G}/mail-templates`)).body.items as Item[];
const texts = (extra: Record<string, string> = {}) => ({
  enTitle: '{_Board_Title_}: a new password for {_User_Name_}',
  arTitle: '{_Board_Title_}: كلمة مرور جديدة لـ {_User_Name_}',
  enContent: '<p>Hello {_User_Name_},</p><p>Choose a new password here: {_Account_Link_} ({_Link_Validity_}).</p>',
  arContent: '<p>مرحبًا {_User_Name_}،</p><p>اختر كلمة مرور جديدة من هنا: {_Account_Link_} ({_Link_Validity_}).</p>',
  ...extra,
});

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

async function askReset(email: string) {
  const client = app.client();
  expect((await client.post(FORGOT, { email, captcha: await client.captcha() })).status).toBe(200);
  return lastMailTo(app, email);
}

describe('mail templates', () => {
  it('lists every message type with its placeholders and its texts as HTML, the defaults marked as such', async () => {
    const items = await list();
    expect(items.map((item) => item.type)).toEqual([...TEMPLATE_TYPES]);
    const reset = items.find((item) => item.type === 'passwordReset')!;
    expect(reset.placeholders).toEqual(['Board_Title', 'User_Name', 'Account_Link', 'Link_Validity']);
    expect(reset.enContent).toMatch(/^<p>Dear \{_User_Name_\},<\/p>/);
    expect(reset.arContent).toContain('{_Account_Link_}');
    expect(reset.edited).toBe(false);
    const published = items.find((item) => item.type === 'paperPublished')!;
    expect(published.placeholders).toEqual(expect.arrayContaining(['Issue', 'Volume', 'Paper_Link', 'Paper_DOI']));
  });

  it('sends the next mail of the type from the edited texts: HTML in the reader’s direction and a text part', async () => {
    const saved = await manager.put(
      `${G}/mail-templates/passwordReset`,
      texts({
        enContent:
          '<p onclick="steal()">Hello {_User_Name_},</p><script>alert(1)</script><p style="background:url(x)">Choose a new password: <a href="javascript:alert(1)">here</a> {_Account_Link_} ({_Link_Validity_}).</p><img src="https://tracker.example/pixel.gif">',
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('mailTemplates.saved');
    const item = (await list()).find((each) => each.type === 'passwordReset')!;
    expect(item.edited).toBe(true);
    expect(item.enContent).not.toMatch(/script|onclick|javascript|tracker|background/);

    const english = await createActiveUser(app);
    const { mail, link } = await askReset(english.email);
    expect(mail).toMatchObject({
      kind: 'passwordReset',
      subject: 'Journal of Applied Sciences: a new password for Nour Salem',
    });
    expect(link!.pathname).toBe('/general/recover');
    expect(mail!.html).toContain('<html lang="en" dir="ltr">');
    expect(mail!.html).toContain('<div dir="ltr" lang="en"');
    expect(mail!.html).toContain(`<a href="${link!.href.replace(/&/g, '&amp;')}">`);
    expect(mail!.html).not.toMatch(/script|onclick|javascript|tracker/);
    expect(mail!.text).toContain('Hello Nour Salem,');
    expect(mail!.text).toContain(`Choose a new password: here ${link!.href} (`);
    expect(mail!.text).not.toContain('<');

    const arabic = await createActiveUser(app, { fullName: 'نور سالم' });
    await app.deps.db.update(users).set({ language: 'ar' }).where(eq(users.email, arabic.email));
    const inArabic = await askReset(arabic.email);
    expect(inArabic.mail!.subject).toBe('مجلة العلوم التطبيقية: كلمة مرور جديدة لـ نور سالم');
    expect(inArabic.mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(inArabic.mail!.html).toContain('<div dir="rtl" lang="ar" style="text-align:right">');
    expect(inArabic.mail!.text).toContain('مرحبًا نور سالم،');
    expect(inArabic.link!.pathname).toBe('/general/recover');
  });

  it('refuses a text without a type, too long titles, empty texts and placeholders the type does not fill', async () => {
    const before = (await list()).find((item) => item.type === 'finalDecision')!;
    expectError(await manager.put(`${G}/mail-templates/nothing`, texts()), 400, 'validation', 'errors.validation');
    expectError(
      await manager.put(`${G}/mail-templates/finalDecision`, texts({ enTitle: 'x'.repeat(251), arContent: '<p></p>' })),
      400,
      'validation',
      'errors.validation',
      { EnTitle: ['mailTemplates.title_max'], ArContent: ['mailTemplates.content_required'] },
    );
    const unknown = await manager.put(
      `${G}/mail-templates/finalDecision`,
      texts({ enTitle: 'Decision on {_Proposal_Number_}', enContent: '<p>{_Account_Link_} {_Final_Decison_}</p>' }),
    );
    expectError(unknown, 400, 'validation', 'mailTemplates.unknown_placeholder', {
      EnContent: ['mailTemplates.unknown_placeholder_field'],
      ArContent: ['mailTemplates.unknown_placeholder_field'],
    });
    expect(unknown.body.message).toContain('{_Account_Link_}, {_Final_Decison_}');
    const arabic = await manager.put(`${G}/mail-templates/finalDecision`, texts(), { 'accept-language': 'ar' });
    expect(arabic.body.message).toContain('لا تحتوي هذه الرسالة على المتغيّر');
    // Nothing of the refused edits was kept.
    expect((await list()).find((item) => item.type === 'finalDecision')).toEqual(before);
  });

  it('previews unsaved texts filled with the journal’s newest paper, cleaned, without writing anything', async () => {
    const answer = await manager.post(`${G}/mail-templates/directRefusal/preview`, {
      language: 'ar',
      title: '{_Board_Title_}: {_Proposal_Number_}',
      content:
        '<p>السيد/ة {_Author_Name_}، بحثكم «{_Proposal_Title_}»<script>x()</script></p><p>{_Proposal_Download_Link_}</p>',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.paperCode).toMatch(/\S/);
    expect(answer.body.subject).toBe(`مجلة العلوم التطبيقية: ${answer.body.paperCode}`);
    expect(answer.body.html).toMatch(/^<div dir="rtl" lang="ar"/);
    expect(answer.body.html).not.toContain('script');
    expect(answer.body.html).toMatch(/<a href="http:\/\/journals\.test\/general\/dashboard\/papers\/\d+">/);
    expect(answer.body.text).toContain('بحثكم «');
    // A placeholder of another type stays empty, as in the mails.
    const other = await manager.post(`${G}/mail-templates/directRefusal/preview`, {
      language: 'en',
      title: 'x',
      content: '<p>[{_Account_Link_}]</p>',
    });
    expect(other.body.text).toBe('[]');
    expect((await list()).find((item) => item.type === 'directRefusal')!.edited).toBe(false);
  });
});
