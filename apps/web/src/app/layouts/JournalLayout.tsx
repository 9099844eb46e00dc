import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import { Alert, Button, Center, Container, Loader } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { useJournalBootstrap, useVisitCounter } from '../../features/journals/api';
import { PlatformNotFoundPage } from '../../features/platform/pages/PlatformNotFoundPage';
import { isApiError } from '../../lib/http';
import { applyLanguage, useLanguage, useTranslation } from '../../lib/i18n';
import { JournalContext, journalLanguage, pick } from '../../lib/journal';
import { useGlobalErrors } from './useGlobalErrors';

/**
 * Everything under /{slug}/: loads the journal (an unknown slug shows the platform 404), sets the interface
 * language by the journal's rules (spec 03 §9) and provides the journal to the pages.
 */
export function JournalLayout() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useJournalBootstrap(slug);
  const journal = query.data;
  const views = useVisitCounter(slug, journal?.journalViews ?? 0, query.dataUpdatedAt > 0 && !query.isError);
  const sessionDialog = useGlobalErrors(slug);

  const multiLanguage = journal?.journalData.multiLanguage;
  const defaultLanguage = journal?.journalData.defaultLanguage;
  useLayoutEffect(() => {
    if (multiLanguage === undefined || !defaultLanguage) return;
    void applyLanguage(journalLanguage({ journalData: { multiLanguage, defaultLanguage } }));
  }, [multiLanguage, defaultLanguage]);

  const title = journal ? pick(journal.journalData.title, language) : '';
  const [pageTitle, setPageTitle] = useState<string>();
  useLayoutEffect(() => {
    if (title) document.title = pageTitle ? `${pageTitle} — ${title}` : title;
  }, [title, pageTitle]);

  if (isApiError(query.error, 404)) return <PlatformNotFoundPage />;
  if (!journal) {
    if (query.isError) {
      return (
        <Container size="sm" py="xl" component="main">
          <Alert color="red" title={t('common.error_title')}>
            {query.error.message}
          </Alert>
          <Button mt="md" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Container>
      );
    }
    return (
      <Center mih="100vh" component="main" aria-busy>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <JournalContext.Provider value={{ slug, journal, views, setPageTitle }}>
      <Outlet />
      {sessionDialog}
    </JournalContext.Provider>
  );
}
