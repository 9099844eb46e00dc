import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import {
  Alert,
  Box,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatNumber } from '@journals/core/format';
import { IconBooks } from '@tabler/icons-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { StatCircle } from '../../../components/StatCircle';
import { applyLanguage, storedLanguage, useLanguage, useTranslation } from '../../../lib/i18n';
import { usePick } from '../../../lib/journal';
import { useLanding } from '../api';

/** `/`: every journal of the platform and the headline statistics; the language switch is always offered. */
export function LandingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const pick = usePick();
  const landing = useLanding();
  useLayoutEffect(() => {
    void applyLanguage(storedLanguage() ?? 'en');
    document.title = t('common.platform_name');
  }, [t]);

  return (
    <div className="app-frame">
      <header className="topbar">
        <Container size="lg" py="md">
          <Group justify="space-between">
            <Group gap="xs">
              <IconBooks size={28} aria-hidden />
              <Text fw={700} fz="lg">
                {t('common.platform_name')}
              </Text>
            </Group>
            <LanguageSwitch variant="white" />
          </Group>
        </Container>
      </header>

      <main id="main">
        <div className="landing-hero">
          <Container size="lg" pt={40} pb={64}>
            <Title order={1} c="white" fz={{ base: 30, sm: 44 }} maw={760}>
              {t('common.platform_name')}
            </Title>
            <Text fz="lg" mt="md" maw={640} c="gray.1">
              {t('public.landing_tagline')}
            </Text>
          </Container>
        </div>
        <Container size="lg" py={48}>
          <Stack gap={56}>
            <section aria-labelledby="journals-heading">
              <Title order={2} id="journals-heading" mb="lg">
                {t('public.landing_journals')}
              </Title>
              {landing.isPending ? (
                <Center py="xl">
                  <Loader aria-label={t('common.loading')} />
                </Center>
              ) : landing.isError ? (
                <Alert color="red">{t('public.landing_load_failed')}</Alert>
              ) : landing.data.journals.length === 0 ? (
                <Text c="dimmed">{t('public.landing_no_journals')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {landing.data.journals.map((journal) => {
                    const name = pick(journal.name);
                    return (
                      <Card
                        key={journal.id}
                        component={Link}
                        to={`/${journal.slug}/`}
                        withBorder
                        radius="lg"
                        padding="lg"
                        className="journal-card"
                      >
                        <Stack align="center" gap="md" ta="center">
                          {journal.logoUrl ? (
                            <img
                              className="journal-card-logo"
                              src={journal.logoUrl}
                              alt={t('public.logo_alt', { name })}
                            />
                          ) : (
                            <ThemeIcon size={96} radius="xl" variant="light" aria-hidden>
                              <IconBooks size={48} />
                            </ThemeIcon>
                          )}
                          <Title order={3} fz="lg">
                            {name}
                          </Title>
                          <Text c="brand.8" fw={600} size="sm">
                            {t('public.visit_journal')}
                          </Text>
                        </Stack>
                      </Card>
                    );
                  })}
                </SimpleGrid>
              )}
            </section>

            {landing.data && (
              <section aria-labelledby="statistics-heading">
                <Title order={2} id="statistics-heading" mb="lg" ta="center">
                  {t('public.landing_statistics')}
                </Title>
                <Group justify="center" gap={48}>
                  <StatCircle value={landing.data.statistics.journals} label={t('public.stat_journals')} />
                  <StatCircle value={landing.data.statistics.issues} label={t('public.stat_issues')} />
                  <StatCircle value={landing.data.statistics.papers} label={t('public.stat_papers')} />
                  <StatCircle value={landing.data.statistics.researchers} label={t('public.stat_researchers')} />
                </Group>
              </section>
            )}
          </Stack>
        </Container>
      </main>

      <Box component="footer" className="site-footer">
        <Container size="lg" py="lg">
          <Text size="sm">
            {t('common.all_rights', {
              year: formatNumber(new Date().getFullYear(), language, { useGrouping: false }),
              name: t('common.platform_name'),
            })}
          </Text>
        </Container>
      </Box>
    </div>
  );
}
