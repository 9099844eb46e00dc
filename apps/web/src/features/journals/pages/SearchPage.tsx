import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, EmptyState, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { useJournalTabs } from '../api';
import { useTranslation } from '../../../lib/i18n';

/**
 * /{slug}/search/{query?}. Full-text search over published papers comes with the archive area; the box keeps
 * the query in the address so links to a search work, and the page says honestly when nothing is published.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const { query = '' } = useParams();
  const [text, setText] = useState(query);
  const published = Boolean(useJournalTabs(slug).data?.currentIssue);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/${slug}/search/${encodeURIComponent(text.trim())}`);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('public.search_title')}</Title>
      <form onSubmit={submit} role="search">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('public.search_label')}
            placeholder={t('public.search_placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <Button type="submit">{t('public.search_button')}</Button>
        </Group>
      </form>
      {!published && (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState
            icon={<IconSearch aria-hidden />}
            title={t('public.search_empty')}
            description={t('public.search_empty_text')}
          />
        </Paper>
      )}
    </Stack>
  );
}
