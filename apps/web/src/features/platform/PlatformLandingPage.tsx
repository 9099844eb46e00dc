import { Anchor, Group, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { QueryView } from '../../components/QueryView';
import { useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useLandingContent } from './landing-api';
import { LandingForm } from './LandingForm';
import { ScreenHeading } from '../../components/ScreenHeading';

/**
 * The platform's home page as its administrator writes it (issue 22 §4, decision 0054): the tagline, up to six
 * features (a picture, a title and a text in each language, in order) and the journals of the carousel (shown or
 * not, in order). One save for the whole page; "Open the home page" shows it as readers do.
 */
export function PlatformLandingPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const query = useLandingContent(slug);
  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_platformLanding')}
        intro={t('landing.intro')}
        action={
          <Anchor href="/" target="_blank">
            <Group gap={4} component="span">
              {t('landing.open_page')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        }
      />
      <QueryView query={query} failedTitle={t('landing.load_failed')}>
        {(content) => <LandingForm slug={slug} content={content} />}
      </QueryView>
    </Stack>
  );
}
