import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { useProfile, useRegistrationInfo } from '../api';
import { ProfileForm } from '../forms/ProfileForm';
import { orcidConnectOutcome } from '../orcid';

/** /{slug}/dashboard/profile (spec 01 §2); `?orcid=` is the outcome of connecting ORCID, shown on top. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const profile = useProfile(slug);
  const info = useRegistrationInfo(slug);
  const [params] = useSearchParams();
  const connect = orcidConnectOutcome(params.get('orcid'));

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={28}>
        {t('accounts.profile_title')}
      </Title>
      {connect && (
        <Alert color={connect.ok ? 'green' : 'red'} role={connect.ok ? 'status' : 'alert'}>
          {t(connect.messageKey)}
        </Alert>
      )}
      {profile.isError || info.isError ? (
        <Alert color="red" role="alert">
          {(profile.error ?? info.error)?.message}
        </Alert>
      ) : profile.data && info.data ? (
        <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} specializations={info.data.specializations} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
