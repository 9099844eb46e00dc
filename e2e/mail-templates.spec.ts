import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The mail-templates screen (issue 22 §3): a journal manager chooses a message, rewrites its title and text in the
 * page's language with the listed placeholders, previews it filled with a real paper, saves it; the next such mail
 * reaches the local SMTP server with the new words in its HTML part (of the reader's direction) and its plain-text
 * part. English edits the activation mail, Arabic the password-reset one, so the two runs never save over each other.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-mail-templates';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`a journal manager rewrites a mail and the next one says it (${language})`, async ({
    page,
    platform,
    openScreen,
  }) => {
    test.setTimeout(90_000);
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const type = language === 'en' ? 'activation' : 'passwordReset';
    const words =
      language === 'en'
        ? {
            title: `Welcome to {_Board_Title_} ${stamp}`,
            body: `Hello {_User_Name_}, one click and you are in (${stamp}): {_Account_Link_}`,
          }
        : {
            title: `أهلًا بك في {_Board_Title_} ${stamp}`,
            body: `مرحبًا {_User_Name_}، اختر كلمة مرورك من هنا (${stamp}): {_Account_Link_}`,
          };

    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'mailContent', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/ProposalInfo/MailMessageContent$`));
    if (language === 'ar') await expectArabicPage(page, text('mailTemplates.not_chosen'));
    else await expect(page.getByText(text('mailTemplates.not_chosen'))).toBeVisible();

    await page.getByRole('combobox', { name: text('mailTemplates.type_label'), exact: true }).click();
    await page.getByRole('option', { name: text(`outbox.kind_${type}`), exact: true }).click();
    const form = page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name: text(`outbox.kind_${type}`) })).toBeVisible();
    const placeholders = page.getByTestId('placeholders');
    await expect(placeholders).toContainText('{_Account_Link_}');
    await expect(placeholders).toContainText(text('mailTemplates.ph_Link_Validity'));
    await expect(placeholders).not.toContainText('{_Proposal_Title_}');
    await page.screenshot({ path: `${SHOTS}/chosen-${language}.png`, fullPage: true });

    // A placeholder the message does not have is refused, naming it.
    const titleField = form.getByLabel(text(`mailTemplates.${language}_title`), { exact: true });
    await titleField.fill('{_Proposal_Title_}');
    await form.getByTestId('save-template').click();
    await expect(
      page.getByText(text('mailTemplates.unknown_placeholder').replace('{{names}}', '{_Proposal_Title_}')),
    ).toBeVisible();
    await expect(form.getByText(text('mailTemplates.unknown_placeholder_field'))).toBeVisible();

    await titleField.fill(words.title);
    await form.getByRole('textbox', { name: text(`mailTemplates.${language}_content`) }).fill(words.body);
    await form.getByTestId(`preview-${language}`).click();
    const preview = page.getByTestId('template-preview');
    const journalTitle = language === 'en' ? 'Journal of Applied Sciences' : 'مجلة العلوم التطبيقية';
    await expect(preview.getByTestId('preview-subject')).toHaveText(
      words.title.replace('{_Board_Title_}', journalTitle),
    );
    await expect(preview.getByTestId('preview-body')).toContainText(stamp);
    await expect(preview.getByTestId('preview-body').locator('div[dir]').first()).toHaveAttribute(
      'dir',
      language === 'ar' ? 'rtl' : 'ltr',
    );
    await page.screenshot({ path: `${SHOTS}/preview-${language}.png`, fullPage: true });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('submissions.close') })
      .click();

    await form.getByTestId('save-template').click();
    await expect(page.getByText(text('mailTemplates.saved'))).toBeVisible();
    await expect(form.getByTestId('template-origin')).toHaveText(text('mailTemplates.edited'));

    // The next mail of the type, to someone reading the page's language.
    const email = `templated-${stamp}-${language}@example.org`;
    const since = platform.mailbox.messages.length;
    await ApiClient.register(platform.baseURL, SLUG, { fullName: 'Rana Aziz', email }, language);
    if (type === 'passwordReset') {
      await platform.mailbox.waitFor(email, { since });
      await ApiClient.forgot(platform.baseURL, SLUG, email);
    }
    await expect
      .poll(() => platform.mailbox.messages.slice(since).filter((mail) => mail.to.includes(email)).length, {
        timeout: 20_000,
      })
      .toBe(type === 'activation' ? 1 : 2);
    const mail = platform.mailbox.messages
      .slice(since)
      .filter((each) => each.to.includes(email))
      .at(-1)!;
    expect(mail.subject).toBe(words.title.replace('{_Board_Title_}', journalTitle));
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(new URL(link).pathname).toBe(type === 'activation' ? `/${SLUG}/activate` : `/${SLUG}/recover`);
    expect(mail.text).toContain(stamp);
    expect(mail.text).toContain('Rana Aziz');
    expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(mail.html).toContain(stamp);
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);
  });
}
