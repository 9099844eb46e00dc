import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatCircle } from '../../../components/StatCircle';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePick } from '../../../lib/journal';
import { useJournalHome } from '../api';
import { AboutClip } from './AboutClip';
import { HomeSlider } from './HomeSlider';

/**
 * The journal home (spec 01 §2): cover and welcome message, news slider, clipped about text, two statistics;
 * `archive`: the archive's part (current issue, most read papers), which the router puts in.
 */
export function HomePage({ archive }: { archive?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pick = usePick();
  const { slug, journal } = useJournal();
  const home = useJournalHome(slug);
  const title = pick(journal.journalData.title);
  const cover = journal.coverUrl[language];
  const welcome = pick(journal.journalData.welcomeMsg);

  return (
    <Stack gap={48}>
      <section className="cover" aria-labelledby="welcome">
        {cover && <img src={cover} alt={t('public.cover_alt', { name: title })} />}
        <div className="cover-caption">
          <Title order={1} id="welcome" c="white" fz={{ base: 22, sm: 30 }} maw={960}>
            {welcome || title}
          </Title>
        </div>
      </section>

      {home.data && home.data.homeSlider.length > 0 && (
        <section aria-labelledby="news">
          <Title order={2} id="news" mb="md">
            {t('public.news_heading')}
          </Title>
          <HomeSlider slides={home.data.homeSlider} />
        </section>
      )}

      <section aria-labelledby="about">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} id="about" mb="md">
            {t('public.about_heading')}
          </Title>
          <AboutClip html={pick(journal.journalData.sections.aboutUs)} />
        </Paper>
      </section>

      {archive}

      {home.data && (
        <section aria-labelledby="statistics">
          <Title order={2} id="statistics" mb="lg" ta="center">
            {t('public.statistics_heading')}
          </Title>
          <Group justify="center" gap={64}>
            <StatCircle value={home.data.statistics.issues} label={t('public.stat_issues')} />
            <StatCircle value={home.data.statistics.papers} label={t('public.stat_papers')} />
          </Group>
          <Text ta="center" mt="lg">
            <Anchor component={Link} to={`/${slug}/statistics`}>
              {t('public.editorial_statistics_link')}
            </Anchor>
          </Text>
        </section>
      )}
      {home.isError && (
        <Text c="dimmed" ta="center">
          {t('common.load_failed')}
        </Text>
      )}
    </Stack>
  );
}
