import { Container } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../../components/NotFoundView';
import { applyLanguage, storedLanguage } from '../../../lib/i18n';

/** An unknown top-level address: 404, a message and a button to the platform home (DESIGN §2). */
export function PlatformNotFoundPage() {
  const { t } = useTranslation();
  useLayoutEffect(() => applyLanguage(storedLanguage() ?? 'en'), []);
  return (
    <Container size="sm" component="main">
      <NotFoundView homeTo="/" homeLabel={t('common.back_home')} message={t('errors.journalNotFound')} />
    </Container>
  );
}
