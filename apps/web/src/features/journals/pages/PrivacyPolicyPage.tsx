import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const SECTIONS = [
  ['public.privacy_data_heading', 'public.privacy_data'],
  ['public.privacy_use_heading', 'public.privacy_use'],
  ['public.privacy_share_heading', 'public.privacy_share'],
  ['public.privacy_storage_heading', 'public.privacy_storage'],
  ['public.privacy_rights_heading', 'public.privacy_rights'],
] as const;

/** The platform's fixed privacy policy, in English and Arabic (spec 03 §2). */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('public.privacy_policy')}</Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Text lh={1.7}>{t('public.privacy_intro')}</Text>
          {SECTIONS.map(([heading, body]) => (
            <section key={heading}>
              <Title order={2} fz="xl" mb={6}>
                {t(heading)}
              </Title>
              <Text lh={1.7}>{t(body)}</Text>
            </section>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
