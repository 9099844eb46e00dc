import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import { LANGUAGES, type Language } from '@journals/core/enums';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Container.layer.css';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useParams } from 'react-router';
import { PaperReportPage } from '../../features/editorial/pages/PaperReportPage';
import { useJournalBootstrap } from '../../features/journals/api';
import { PlatformNotFoundPage } from '../../features/platform/pages/PlatformNotFoundPage';
import { isApiError } from '../../lib/http';
import { applyLanguage, useLanguage, useTranslation } from '../../lib/i18n';
import { JournalContext } from '../../lib/journal';

const isLanguage = (value: string | undefined): value is Language => LANGUAGES.includes(value as Language);

/**
 * /{locale}/{slug}/Reports/Papers/{card}/* (spec 01 §7): the report page in the language of its address (not
 * stored: the window is the report's), with its journal, outside the journal's public shell and back office.
 */
export function ReportRoute() {
  const { locale, slug = '', card = '', '*': rest = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const journal = useJournalBootstrap(slug);
  useLayoutEffect(() => {
    if (isLanguage(locale)) void applyLanguage(locale);
  }, [locale]);

  if (!isLanguage(locale) || isApiError(journal.error, 404)) return <PlatformNotFoundPage />;
  if (!journal.data && journal.isError) {
    return (
      <Container size="sm" py="xl" component="main">
        <Alert color="red" role="alert" title={t('common.error_title')}>
          {journal.error.message}
        </Alert>
      </Container>
    );
  }
  if (!journal.data || language !== locale) {
    return (
      <Center mih="100vh" component="main" aria-busy>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    // The report names itself in the browser's title (PaperReportPage), under no journal layout.
    <JournalContext.Provider
      value={{ slug, journal: journal.data, views: journal.data.journalViews, setPageTitle: () => {} }}
    >
      <PaperReportPage card={card} rest={rest} />
    </JournalContext.Provider>
  );
}
