import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatPrice } from '@journals/core/prices';
import { useLanguage, useTranslation } from '../../../lib/i18n';

/** Shown when the journal charges a fee at registration (spec 01 §2). */
export function PaymentBanner({ price }: { price: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title={t('accounts.payment_title')}>
      {t('accounts.payment_banner', { price: price ? formatPrice(price, language) : '' })}
    </Alert>
  );
}
