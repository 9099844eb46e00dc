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
import '@mantine/carousel/styles.layer.css';
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
  useDirection,
} from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { useMediaQuery } from '@mantine/hooks';
import { formatNumber } from '@journals/core/format';
import { IconBooks } from '@tabler/icons-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { StatCircle } from '../../../components/StatCircle';
import { applyLanguage, storedLanguage, useLanguage, useTranslation } from '../../../lib/i18n';
import { usePick } from '../../../lib/journal';
import { useLanding } from '../api';
import { FEATURE_ICON } from '../feature-icons';

/**
 * `/`: the platform's tagline and features, the carousel of its client journals and the headline statistics, as its
 * administrator wrote them (decision 0054); the language switch is always offered.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  // The journals the carousel shows at once (its slide sizes below): arrows only when there are more.
  const wide = useMediaQuery('(min-width: 62em)');
  const medium = useMediaQuery('(min-width: 48em)');
  const perView = wide ? 3 : medium ? 2 : 1;
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
            {landing.data && (
              <Text fz="lg" mt="md" maw={640} c="gray.1" data-testid="landing-tagline">
                {pick(landing.data.tagline)}
              </Text>
            )}
          </Container>
        </div>
        <Container size="lg" py={48}>
          <Stack gap={56}>
            {landing.data && landing.data.features.length > 0 && (
              <section aria-labelledby="features-heading">
                <Title order={2} id="features-heading" mb="lg">
                  {t('public.landing_features')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" data-testid="landing-features">
                  {landing.data.features.map((feature, index) => {
                    const Icon = FEATURE_ICON[feature.icon];
                    return (
                      <Group key={index} align="flex-start" wrap="nowrap" gap="md" data-testid="landing-feature">
                        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                          <Icon size={26} />
                        </ThemeIcon>
                        <Stack gap={4}>
                          <Title order={3} fz="lg">
                            {pick(feature.title)}
                          </Title>
                          <Text c="gray.7">{pick(feature.text)}</Text>
                        </Stack>
                      </Group>
                    );
                  })}
                </SimpleGrid>
              </section>
            )}
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
                <Carousel
                  key={dir}
                  slideSize={{ base: '100%', sm: '50%', md: '33.333%' }}
                  slideGap="lg"
                  withIndicators={false}
                  withControls={landing.data.journals.length > perView}
                  emblaOptions={{ align: 'start', slidesToScroll: 1 }}
                  previousControlProps={{ 'aria-label': t('public.slide_previous') }}
                  nextControlProps={{ 'aria-label': t('public.slide_next') }}
                  className="journals-carousel"
                  data-testid="journals-carousel"
                >
                  {landing.data.journals.map((journal) => {
                    const name = pick(journal.name);
                    return (
                      <Carousel.Slide key={journal.id} data-testid="carousel-journal">
                        <Card
                          component={Link}
                          to={`/${journal.slug}/`}
                          withBorder
                          radius="lg"
                          padding="lg"
                          className="journal-card"
                          h="100%"
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
                      </Carousel.Slide>
                    );
                  })}
                </Carousel>
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
