import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * "Send an e-mail message" (issue 22 §3): a journal manager writes to two addresses typed and one person picked from
 * the journal; each arrives alone with a one-click unsubscribe header (RFC 8058) and a footer link; one reader
 * unsubscribes through the link's page; the next message leaves them out and says so.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-bulk-mail';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`a journal manager writes to many people, one unsubscribes and is left out next time (${language})`, async ({
    page,
    platform,
    openScreen,
  }) => {
    test.setTimeout(90_000);
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const leaver = `leaver-${stamp}-${language}@example.org`;
    const stayer = `stayer-${stamp}-${language}@example.org`;
    const subject = language === 'en' ? `Call for papers ${stamp}` : `دعوة للنشر ${stamp}`;

    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'sendMail', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/ProposalInfo/CustomMessage$`));
    if (language === 'ar') await expectArabicPage(page, text('bulkMail.intro'));

    // What is left of the journal's bulk mail budget, this hour and today (decision 0073), as the API counts it.
    const budgetNow = async () =>
      (await (await page.request.get(`/api/journals/${SLUG}/bulk-mail/budget`)).json()) as {
        perHour: number;
        perDay: number;
        leftThisHour: number;
        leftToday: number;
      };
    const budgetShown = async (budget: Awaited<ReturnType<typeof budgetNow>>) => {
      const panel = page.getByTestId('bulk-budget');
      await expect(panel.getByRole('heading', { name: text('bulkMail.budget_title') })).toBeVisible();
      await expect(panel.getByTestId('budget-hour')).toHaveText(
        text('bulkMail.budget_hour', { remaining: budget.leftThisHour, limit: budget.perHour }),
      );
      await expect(panel.getByTestId('budget-day')).toHaveText(
        text('bulkMail.budget_day', { remaining: budget.leftToday, limit: budget.perDay }),
      );
    };
    const budgetBefore = await budgetNow();
    await budgetShown(budgetBefore);

    const form = page.getByTestId('bulk-form');
    const recipients = form.getByTestId('bulk-recipients');
    await recipients.fill(`${leaver}; not an address`);
    await expect(
      form.getByText(text('bulkMail.recipients_invalid_list').replace('{{list}}', ''), { exact: false }),
    ).toBeVisible();
    await recipients.fill(`${leaver}; ${stayer}`);
    // One person of the journal, found by name in the picker.
    await page.getByTestId('picker-search').fill('reviewer@general.test');
    await page.getByTestId('picker-search').press('Enter');
    const people = page.getByTestId('picker-people');
    await expect(people.getByText('reviewer@general.test')).toBeVisible();
    await people
      .getByRole('button', { name: new RegExp(`^${text('bulkMail.picker_add')} `) })
      .first()
      .click();
    await expect(recipients).toHaveValue(new RegExp(`${stayer}; reviewer@general\\.test$`));
    await form.getByLabel(text('bulkMail.subject'), { exact: true }).fill(subject);
    await form
      .getByRole('textbox', { name: text('bulkMail.content') })
      .fill(language === 'en' ? 'Our next issue is open for submissions.' : 'العدد القادم مفتوح لاستقبال الأبحاث.');
    await page.screenshot({ path: `${SHOTS}/form-${language}.png`, fullPage: true });

    const since = platform.mailbox.messages.length;
    await form.getByTestId('bulk-send').click();
    await expect(page.getByRole('dialog')).toContainText(text('bulkMail.confirm_title'));
    await page.getByTestId('confirm-send').click();
    await expect(
      page.getByText(language === 'en' ? 'The message is on its way to 3 people.' : 'الرسالة في طريقها إلى ٣ أشخاص.'),
    ).toBeVisible();

    // The panel counts the three messages (the other language's test may send at the same time: at least three).
    const budgetAfter = await budgetNow();
    expect(budgetAfter.leftThisHour).toBeLessThanOrEqual(budgetBefore.leftThisHour - 3);
    await budgetShown(budgetAfter);
    await page.screenshot({ path: `${SHOTS}/budget-${language}.png`, fullPage: true });

    // Each arrives alone, with its own unsubscribe.
    const mail = await platform.mailbox.waitFor(leaver, { since });
    expect(mail.to).toEqual([leaver]);
    expect(mail.subject).toBe(subject);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/journals\/general\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(text('bulkMail.unsubscribe_link'));
    expect(mail.html).toContain(`<div dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    const footer = mail.text.match(/https?:\/\/\S+\/general\/unsubscribe\?token=[^\s>]+/)?.[0];
    expect(footer).toBeTruthy();
    await platform.mailbox.waitFor(stayer, { since });
    await platform.mailbox.waitFor('reviewer@general.test', { since });

    // The reader follows the footer link, reads whom it concerns, and confirms.
    const link = new URL(footer!);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: text('invitation.unsubscribe_title') })).toBeVisible();
    await expect(page.getByText(leaver)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/unsubscribe-${language}.png`, fullPage: true });
    await page.getByTestId('unsubscribe-confirm').click();
    await expect(page.getByTestId('unsubscribe-done')).toBeVisible();

    // The next message leaves them out and says how many.
    await page.goto(`/${SLUG}/dashboard/ProposalInfo/CustomMessage`);
    await form.getByTestId('bulk-recipients').fill(`${leaver}; ${stayer}`);
    await form.getByLabel(text('bulkMail.subject'), { exact: true }).fill(`${subject} 2`);
    await form.getByRole('textbox', { name: text('bulkMail.content') }).fill('2');
    const again = platform.mailbox.messages.length;
    await form.getByTestId('bulk-send').click();
    await page.getByTestId('confirm-send').click();
    await expect(
      page.getByText(
        language === 'en'
          ? 'The message is on its way to 1 person; 1 unsubscribed and were left out.'
          : 'الرسالة في طريقها إلى شخص واحد؛ ألغى ١ اشتراكهم فلم تُرسل إليهم.',
      ),
    ).toBeVisible();
    await platform.mailbox.waitFor(stayer, { since: again });
    expect(platform.mailbox.messages.slice(again).some((each) => each.to.includes(leaver))).toBe(false);
    await page.screenshot({ path: `${SHOTS}/left-out-${language}.png`, fullPage: true });
  });
}
