import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { InfoSection } from '@journals/core/schemas/journals';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { HtmlContent } from '../../../components/HtmlContent';
import { useJournal, usePick } from '../../../lib/journal';
import { useTranslation } from '../../../lib/i18n';

const TITLES = {
  aboutUs: 'public.about_us',
  editorialBoard: 'public.editorial_board',
  contactUs: 'public.contact_us',
  publishPolicy: 'public.publish_policy',
  termsAndConditions: 'public.terms_conditions',
  aimsAndScopes: 'public.aims_scopes',
} as const satisfies Record<InfoSection, string>;

/** A journal section (about us, editorial board, …) in the interface language (spec 03 §2). */
export function InfoPage({ section }: { section: InfoSection }) {
  const { t } = useTranslation();
  const pick = usePick();
  const { journal } = useJournal();
  const html = pick(journal.journalData.sections[section]);

  return (
    <Stack gap="lg">
      <Title order={1}>{t(TITLES[section])}</Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {html.trim() ? <HtmlContent html={html} /> : <Text c="dimmed">{t('public.section_empty')}</Text>}
      </Paper>
    </Stack>
  );
}
