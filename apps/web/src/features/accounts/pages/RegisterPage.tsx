import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Card, Center, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useJournal, usePick } from '../../../lib/journal';
import { type RegisterAnswer, useRegistrationInfo } from '../api';
import { ErrorAlert } from '../../../components/AccountFields';
import { OrcidButton } from '../forms/OrcidButton';
import { RegisterForm } from '../forms/RegisterForm';
import { useTranslation } from '../../../lib/i18n';

// What follows a registration (the message, the payment step) loads once there is one.
const RegistrationDone = lazy(async () => ({
  default: (await import('../forms/RegistrationDone')).RegistrationDone,
}));
// The registration fee's banner loads only for a journal that charges one (most do not; 1 KB off the first visit).
const PaymentBanner = lazy(async () => ({ default: (await import('../forms/PaymentBanner')).PaymentBanner }));

/** /{slug}/register (spec 01 §2): the form, then the success message with a resend button. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { slug, journal } = useJournal();
  const pick = usePick();
  const info = useRegistrationInfo(slug);
  const [done, setDone] = useState<RegisterAnswer | null>(null);

  return (
    <Card withBorder radius="lg" padding="xl" maw={860} mx="auto" component="section" aria-labelledby="register-title">
      <Stack gap="lg">
        <div>
          <Title order={1} id="register-title" fz={{ base: 26, sm: 32 }}>
            {t('accounts.register_title')}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('accounts.register_intro', { journal: pick(journal.journalData.title) })}
          </Text>
        </div>
        {info.data?.atRegister && (
          <Suspense fallback={null}>
            <PaymentBanner price={info.data.atRegisterPrice} />
          </Suspense>
        )}
        {done ? (
          <Suspense fallback={null}>
            <RegistrationDone answer={done} />
          </Suspense>
        ) : info.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : info.isError ? (
          <ErrorAlert message={info.error.message} />
        ) : (
          <>
            <RegisterForm specializations={info.data.specializations} onRegistered={setDone} />
            <Divider label={t('accounts.or')} labelPosition="center" />
            <OrcidButton intent="register" />
          </>
        )}
      </Stack>
    </Card>
  );
}
