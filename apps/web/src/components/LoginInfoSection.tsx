import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { LIMITS } from '@journals/core/limits';
import { Button, Fieldset, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { noClipboard, required } from '../lib/forms';
import { PasswordPair, useFieldBinder } from './AccountFields';
import { useTranslation } from '../lib/i18n';

/** The fields the section reads and sets (core `loginChangeFields`, and the profile's current password). */
interface LoginValues extends FieldValues {
  changeEmail?: boolean;
  email?: string;
  emailConfirmation?: string;
  changePassword?: boolean;
  password?: string;
  passwordConfirmation?: string;
  currentPassword?: string;
}

/**
 * E-mail and password, each locked until its edit toggle (spec 01 §2, spec 03 "Edit user"). Unlocking clears the
 * value; cancelling restores it and clears its errors (spec 03 §4). In the profile (`askCurrentPassword`) the current
 * password is asked while either is unlocked. Without `editable` both stay locked and `lockedNote` says why;
 * `children` (the user form's roles) follow inside the section.
 */
export function LoginInfoSection<T extends LoginValues>({
  form: typedForm,
  currentEmail,
  askCurrentPassword = false,
  editable = true,
  lockedNote,
  children,
}: {
  form: UseFormReturn<T, any, any>;
  currentEmail: string;
  askCurrentPassword?: boolean;
  editable?: boolean;
  lockedNote?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = typedForm as unknown as UseFormReturn<LoginValues>;
  const bind = useFieldBinder(form);
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
    if (!askCurrentPassword) return;
    form.setValue('currentPassword', '');
    form.clearErrors('currentPassword');
  };

  return (
    <Fieldset legend={t('accounts.login_info')} radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...bind('email')}
            type="email"
            label={changeEmail ? t('accounts.new_email') : t('accounts.email')}
            readOnly={!changeEmail}
            variant={changeEmail ? 'default' : 'filled'}
            autoComplete="email"
            maxLength={LIMITS.email}
            {...(changeEmail ? required : {})}
          />
          {changeEmail && (
            <TextInput
              {...bind('emailConfirmation')}
              {...noClipboard}
              type="email"
              label={t('accounts.email_confirmation')}
              autoComplete="off"
              maxLength={LIMITS.email}
              {...required}
            />
          )}
        </SimpleGrid>
        {editable && (
          <EditToggle editing={changeEmail} onClick={toggleEmail}>
            {changeEmail ? t('accounts.cancel_email') : t('accounts.edit_email')}
          </EditToggle>
        )}

        {changePassword ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordPair password={bind('password')} confirmation={bind('passwordConfirmation')} labels="new" />
          </SimpleGrid>
        ) : (
          <TextInput
            label={t('accounts.password')}
            value="••••••••"
            readOnly
            variant="filled"
            description={editable ? t('accounts.password_locked') : lockedNote}
            maw={{ sm: '50%' }}
          />
        )}
        {editable && (
          <EditToggle editing={changePassword} onClick={togglePassword}>
            {changePassword ? t('accounts.cancel_password') : t('accounts.edit_password')}
          </EditToggle>
        )}

        {askCurrentPassword && (changeEmail || changePassword) && (
          <PasswordInput
            {...bind('currentPassword')}
            label={t('accounts.current_password')}
            description={t('accounts.current_password_hint')}
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax}
            {...required}
            maw={{ sm: '50%' }}
          />
        )}
        {children}
      </Stack>
    </Fieldset>
  );
}

/** The button under a locked field: a pencil to unlock it, a cross to keep the current value. */
function EditToggle({ editing, onClick, children }: { editing: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Group>
      <Button
        variant="light"
        size="xs"
        leftSection={editing ? <IconX size={14} aria-hidden /> : <IconPencil size={14} aria-hidden />}
        onClick={onClick}
      >
        {children}
      </Button>
    </Group>
  );
}
