import { LIMITS } from '@journals/core/limits';
import { Button, Fieldset, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { noClipboard, required } from '../../../lib/forms';
import { useFieldError } from '../../../lib/i18n';
import type { ProfileFormApi } from './ProfileForm';

/**
 * E-mail and password, each locked until its edit toggle (spec 01 §2). Unlocking clears the value; cancelling
 * restores it and clears its errors (spec 03 §4). The current password is asked while either is unlocked.
 */
export function LoginInfoSection({ form, currentEmail }: { form: ProfileFormApi; currentEmail: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const changeEmail = form.watch('changeEmail') ?? false;
  const changePassword = form.watch('changePassword') ?? false;

  const toggleEmail = () => {
    const on = !changeEmail;
    form.setValue('changeEmail', on);
    form.setValue('email', on ? '' : currentEmail);
    form.setValue('emailConfirmation', '');
    form.clearErrors(['email', 'emailConfirmation']);
    if (!on && !changePassword) clearCurrentPassword();
    if (on) window.setTimeout(() => form.setFocus('email'));
  };
  const togglePassword = () => {
    const on = !changePassword;
    form.setValue('changePassword', on);
    form.setValue('password', '');
    form.setValue('passwordConfirmation', '');
    form.clearErrors(['password', 'passwordConfirmation']);
    if (!on && !changeEmail) clearCurrentPassword();
    if (on) window.setTimeout(() => form.setFocus('password'));
  };
  const clearCurrentPassword = () => {
    form.setValue('currentPassword', '');
    form.clearErrors('currentPassword');
  };

  return (
    <Fieldset legend={t('accounts.login_info')} radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.register('email')}
            type="email"
            label={changeEmail ? t('accounts.new_email') : t('accounts.email')}
            readOnly={!changeEmail}
            variant={changeEmail ? 'default' : 'filled'}
            autoComplete="email"
            maxLength={LIMITS.email}
            {...(changeEmail ? required : {})}
            error={fieldError(errors.email)}
          />
          {changeEmail && (
            <TextInput
              {...form.register('emailConfirmation')}
              {...noClipboard}
              type="email"
              label={t('accounts.email_confirmation')}
              autoComplete="off"
              maxLength={LIMITS.email}
              {...required}
              error={fieldError(errors.emailConfirmation)}
            />
          )}
        </SimpleGrid>
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={changeEmail ? <IconX size={14} aria-hidden /> : <IconPencil size={14} aria-hidden />}
            onClick={toggleEmail}
          >
            {changeEmail ? t('accounts.cancel_email') : t('accounts.edit_email')}
          </Button>
        </Group>

        {changePassword ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              {...form.register('password')}
              {...noClipboard}
              label={t('accounts.new_password')}
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              {...required}
              error={fieldError(errors.password)}
            />
            <PasswordInput
              {...form.register('passwordConfirmation')}
              {...noClipboard}
              label={t('accounts.new_password_confirmation')}
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              {...required}
              error={fieldError(errors.passwordConfirmation)}
            />
          </SimpleGrid>
        ) : (
          <TextInput
            label={t('accounts.password')}
            value="••••••••"
            readOnly
            variant="filled"
            description={t('accounts.password_locked')}
            maw={{ sm: '50%' }}
          />
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={changePassword ? <IconX size={14} aria-hidden /> : <IconPencil size={14} aria-hidden />}
            onClick={togglePassword}
          >
            {changePassword ? t('accounts.cancel_password') : t('accounts.edit_password')}
          </Button>
        </Group>

        {(changeEmail || changePassword) && (
          <PasswordInput
            {...form.register('currentPassword')}
            label={t('accounts.current_password')}
            description={t('accounts.current_password_hint')}
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax}
            {...required}
            error={fieldError(errors.currentPassword)}
            maw={{ sm: '50%' }}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
