import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Card, Center, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { type RegisterAnswer, useRegistrationInfo } from '../api';
import { ErrorAlert } from '../../../components/AccountFields';
import { OrcidRegisterForm } from '../forms/OrcidRegisterForm';
import { PaymentBanner } from '../forms/PaymentBanner';
import { RegistrationDone } from '../forms/RegistrationDone';
import { orcidMessageKey } from '../orcid';
import { useTranslation } from '../../../lib/i18n';

/**
 * /{slug}/auth/orcid/register?status=&message=&ticket=&name=&email= : the ORCID callback found no account;
 * the message says why and the form finishes the registration (spec 03 §2).
 */
export function OrcidRegisterPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const info = useRegistrationInfo(slug);
  const [done, setDone] = useState<RegisterAnswer | null>(null);
  const ticket = params.get('ticket') ?? '';

  return (
    <Card withBorder radius="lg" padding="xl" maw={860} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('accounts.orcid_register_title')}
        </Title>
        {!done && (
          <Alert color={ticket ? 'blue' : 'red'} role={ticket ? 'status' : 'alert'}>
            {ticket ? t(orcidMessageKey(params.get('message'))) : t('accounts.orcid_missing_ticket')}
          </Alert>
        )}
        {info.data?.atRegister && <PaymentBanner price={info.data.atRegisterPrice} />}
        {done ? (
          <RegistrationDone answer={done} />
        ) : !ticket ? null : info.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : info.isError ? (
          <ErrorAlert message={info.error.message} />
        ) : (
          <OrcidRegisterForm
            ticket={ticket}
            name={params.get('name') ?? ''}
            email={params.get('email') ?? ''}
            specializations={info.data.specializations}
            onRegistered={setDone}
          />
        )}
      </Stack>
    </Card>
  );
}
