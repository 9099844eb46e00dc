import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useJournal } from '../../../lib/journal';
import { useProfile, useRegistrationInfo } from '../api';
import { ProfileForm } from '../forms/ProfileForm';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/dashboard/profile (spec 01 §2); `?orcid=`, the outcome of connecting ORCID, is shown in its section. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const profile = useProfile(slug);
  const info = useRegistrationInfo(slug);

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={28}>
        {t('accounts.profile_title')}
      </Title>
      {profile.isError || info.isError ? (
        <Alert color="red" role="alert">
          {(profile.error ?? info.error)?.message}
        </Alert>
      ) : profile.data && info.data ? (
        <ProfileForm profile={profile.data} specializations={info.data.specializations} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
