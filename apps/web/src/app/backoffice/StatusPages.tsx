import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NotFoundView } from '../../components/NotFoundView';
import { useJournal } from '../../lib/journal';
import { landingPathOf, useSession } from '../../lib/session';
import { useTranslation } from '../../lib/i18n';

function useDashboardHome(): string {
  const { slug } = useJournal();
  const user = useSession(slug).data?.user;
  return landingPathOf(slug, user) ?? `/${slug}/`;
}

/** /{slug}/dashboard/unauthorized (spec 03 §2): the message and a dashboard button. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const home = useDashboardHome();
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <IconLock size={64} color="var(--mantine-color-brand-7)" aria-hidden />
      <Title order={1}>{t('backoffice.unauthorized_title')}</Title>
      <Text c="gray.7">{t('errors.forbidden')}</Text>
      <Button component={Link} to={home}>
        {t('common.go_dashboard')}
      </Button>
    </Stack>
  );
}

/** /{slug}/dashboard/notfound: 404 with a dashboard button. */
export function DashboardNotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFoundView
      homeTo={useDashboardHome()}
      homeLabel={t('common.go_dashboard')}
      message={t('backoffice.notFound_text')}
    />
  );
}
