import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { fillStudyStep } from './support/wizard';
import { LANGUAGES, textOf } from './support/text';

/**
 * ORCID registration, sign-in and linking against a local OAuth server standing in for ORCID (spec 03 §4,
 * docs/decisions/0012-orcid-linking.md): the register page's ORCID button, the register form with the ticket,
 * activation by mail, ORCID sign-in to the dashboard; connecting and disconnecting ORCID on the profile.
 */
for (const language of LANGUAGES) {
  test(`a researcher registers with ORCID, activates and signs in with ORCID (${language})`, async ({
    page,
    platform,
    visit,
    solveCaptcha,
  }) => {
    const text = textOf(language);
    // Not 0000-0002-1825-0097: the OJS Users fixture imported by imports.spec gives that iD to an account not yet active.
    const orcid = language === 'ar' ? '0000-0001-5109-3700' : '0000-0002-1694-233X';
    const email = `orcid-${language}@example.org`;
    platform.orcidIdentity = { orcid, name: 'Josiah Carberry' };

    await visit('/general/register', language);
    if (language === 'ar') await expectArabicPage(page, 'المتابعة عبر ORCID');
    await page.getByRole('link', { name: text('accounts.orcid_register') }).click();
    await expect(page).toHaveURL(/\/general\/auth\/orcid\/register\?/);
    // ORCID shares no e-mail with the /authenticate scope: the page asks for one.
    await expect(page.getByText(text('orcid.emailIsRequired'))).toBeVisible();
    await expect(page.getByLabel(text('accounts.full_name'), { exact: true })).toHaveValue('Josiah Carberry');

    await page.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByLabel(text('accounts.password'), { exact: true }).fill('Orcid-pass-1');
    await page.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill('Orcid-pass-1');
    await page.getByLabel(language === 'ar' ? 'الصحة العامة' : 'Public Health').check();
    await solveCaptcha();
    await page.getByTestId('orcid-register-submit').click();
    await expect(page.getByText(text('orcid.registered'))).toBeVisible();

    // Before activation ORCID sign-in is refused with its reason.
    await page.goto('/general/');
    await page.getByTestId('header-login').click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: text('accounts.orcid_login') })
      .click();
    await expect(page).toHaveURL(/\/general\/auth\/orcid\/login\?status=invalid/);
    await expect(page.getByText(text('orcid.deactivated'))).toBeVisible();

    const activation = await platform.mailbox.waitFor(email);
    await page.goto(activation.link!.pathname + activation.link!.search);
    await expect(page.getByText(text('messages.activated'))).toBeVisible();

    await page.goto('/general/');
    await page.getByTestId('header-login').click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: text('accounts.orcid_login') })
      .click();
    await expect(page.getByText(text('orcid.successLogin'))).toBeVisible();
    // After a second the researcher is on the author dashboard.
    await expect(page).toHaveURL(/\/general\/dashboard\/?$/, { timeout: 10_000 });
    await expect(
      page
        .getByTestId('header-greeting')
        .or(page.getByRole('button', { name: text('accounts.user_menu', { name: 'Josiah Carberry' }) })),
    ).toBeVisible();

    // A new paper names the researcher its main author with the iD ORCID confirmed (issue 46 §3): shown with the
    // ORCID mark, and read-only in the author's dialog (the server marks it authenticated, never the form).
    await page.goto('/general/dashboard/papers/create');
    await page.getByLabel(text('submissions.title_of_the_work'), { exact: true }).fill('Sleep of night-shift nurses');
    await fillStudyStep(page, text, {
      specialization: language === 'ar' ? 'الصحة العامة' : 'Public Health',
      ethics: false,
    });
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-step-2')).toBeVisible();
    const own = page.getByTestId('author-row');
    await expect(own.getByRole('link', { name: text('common.orcid_of', { name: 'Josiah Carberry' }) })).toHaveAttribute(
      'href',
      `https://orcid.org/${orcid}`,
    );
    await own.getByRole('button').first().click();
    const field = page.getByRole('dialog').getByTestId('person-orcid');
    await expect(field).toHaveValue(orcid);
    await expect(field).toHaveAttribute('readonly', '');
    await expect(page.getByRole('dialog').getByText(text('submissions.person_orcid_authenticated'))).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-author-orcids/wizard-own-orcid-${language}.png` });
  });
}

for (const language of LANGUAGES) {
  test(`a signed-in user connects ORCID from the profile, sees the linked iD, then disconnects it (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const orcid = language === 'ar' ? '0000-0002-9079-593X' : '0000-0003-1415-9265';
    platform.orcidIdentity = { orcid, name: 'Linked Researcher' };
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`orcid-${name}-${language}.png`) });

    // A guest who follows the connect link is asked to log in first, and told why.
    await visit('/api/journals/general/profile/orcid/connect', language);
    const loginDialog = page.getByRole('dialog', { name: text('accounts.login_title') });
    await expect(loginDialog.getByText(text('accounts.orcid_login_to_connect'))).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'من فضلك سجّل الدخول لربط معرّف ORCID.');
    await page.keyboard.press('Escape');
    await login(language === 'ar' ? 'reviewer@general.test' : 'researcher@general.test', { language });

    await page.goto('/general/dashboard/profile');
    const section = page.getByRole('group', { name: text('accounts.orcid') });
    const jobTitle = page.getByLabel(text('accounts.job_title'), { exact: true });
    await expect(section.getByText(text('accounts.orcid_none'))).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'ربط معرّف ORCID');
    // The iD is never typed: there is no ORCID field to fill.
    await expect(page.getByRole('textbox', { name: text('accounts.orcid') })).toHaveCount(0);

    // With an unsaved edit, Connect asks before leaving; staying keeps the edit.
    await jobTitle.fill('Unsaved job title');
    await section.getByRole('link', { name: text('accounts.orcid_connect') }).click();
    const leave = page.getByRole('dialog', { name: text('accounts.orcid_unsaved_title') });
    await expect(leave.getByText(text('accounts.orcid_unsaved_text'))).toBeVisible();
    if (language === 'ar')
      await expectArabicPage(page, 'لديك تغييرات غير محفوظة. هل تريد الانتقال إلى ORCID دون حفظها؟');
    await leave.getByRole('button', { name: text('accounts.orcid_unsaved_stay') }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/general\/dashboard\/profile$/);
    await expect(jobTitle).toHaveValue('Unsaved job title');

    await section.getByRole('link', { name: text('accounts.orcid_connect') }).click();
    await leave.getByRole('button', { name: text('accounts.orcid_unsaved_leave') }).click();

    // Back from ORCID: the outcome is shown in the ORCID section, in view, and taken out of the URL.
    const connected = section.getByRole('status').filter({ hasText: text('orcid.connected') });
    await expect(connected).toBeVisible();
    await expect(connected).toBeInViewport();
    await expect(page).toHaveURL(/\/general\/dashboard\/profile$/);
    const linked = section.getByRole('link', { name: `https://orcid.org/${orcid}` });
    await expect(linked).toHaveAttribute('href', `https://orcid.org/${orcid}`);
    // The profile section as the user sees it, clear of the fixed footer (kept in the test's output for review).
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot('linked-desktop');
    // On a phone the iD stays on one line and inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    // The drawer folds away with a transition: measure once the layout has settled.
    await expect
      .poll(async () => {
        const box = (await linked.boundingBox())!;
        return { oneLine: box.height < 32, inside: box.x >= 0 && box.x + box.width <= 390 };
      })
      .toEqual({ oneLine: true, inside: true });
    await shot('linked-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The message does not come back with a reload.
    await page.reload();
    await expect(linked).toBeVisible();
    await expect(page.getByText(text('orcid.connected'))).toHaveCount(0);

    // Disconnect asks first; keeping the link changes nothing.
    await jobTitle.fill('Unsaved job title');
    await section.getByRole('button', { name: text('accounts.orcid_disconnect') }).click();
    const unlink = page.getByRole('dialog', { name: text('accounts.orcid_disconnect_title') });
    await expect(unlink.getByText(text('accounts.orcid_disconnect_text'))).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'الإبقاء على الربط');
    await shot('disconnect-confirm');
    await unlink.getByRole('button', { name: text('accounts.orcid_disconnect_keep') }).click();
    await expect(unlink).toBeHidden();
    await expect(linked).toBeVisible();

    // Disconnecting changes only the ORCID section: the unsaved edit is still there.
    await section.getByRole('button', { name: text('accounts.orcid_disconnect') }).click();
    await unlink.getByRole('button', { name: text('accounts.orcid_disconnect') }).click();
    await expect(page.getByText(text('orcid.disconnected'))).toBeVisible();
    await expect(section.getByRole('link', { name: text('accounts.orcid_connect') })).toBeVisible();
    await expect(linked).toHaveCount(0);
    await expect(jobTitle).toHaveValue('Unsaved job title');
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot('none-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot('none-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });

    // `?orcid=connected` typed by hand, with no iD linked, says nothing (and leaves the URL).
    await page.goto('/general/dashboard/profile?orcid=connected');
    await expect(section.getByText(text('accounts.orcid_none'))).toBeVisible();
    await expect(page).toHaveURL(/\/general\/dashboard\/profile$/);
    await expect(page.getByText(text('orcid.connected'))).toHaveCount(0);
  });
}
