import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** The 404 view: code, message and one button back (spec 01 §2). */
export function NotFoundView({ homeTo, homeLabel, message }: { homeTo: string; homeLabel: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text fz={96} fw={800} c="brand.7" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>{t('common.notFound_title')}</Title>
      <Text c="dimmed" maw={480}>
        {message ?? t('common.notFound_text')}
      </Text>
      <Button component={Link} to={homeTo}>
        {homeLabel}
      </Button>
    </Stack>
  );
}
