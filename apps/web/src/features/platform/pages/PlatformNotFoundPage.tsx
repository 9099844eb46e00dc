import '@mantine/core/styles/Container.layer.css';
import { Container } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { NotFoundView } from '../../../components/NotFoundView';
import { applyLanguage, storedLanguage, useTranslation } from '../../../lib/i18n';

/** An unknown top-level address: 404, a message and a button to the platform home (DESIGN §2). */
export function PlatformNotFoundPage() {
  const { t } = useTranslation();
  useLayoutEffect(() => void applyLanguage(storedLanguage() ?? 'en'), []);
  return (
    <Container size="sm" component="main">
      <NotFoundView homeTo="/" homeLabel={t('common.back_home')} message={t('errors.journalNotFound')} />
    </Container>
  );
}
