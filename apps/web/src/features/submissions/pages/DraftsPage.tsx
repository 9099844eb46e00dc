import { Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useDeleteDraft, useDrafts, type DraftRow } from '../api';
import { formatDay } from '@journals/core/format';

/** /{slug}/dashboard/drafts: the user's drafts as cards (spec 02 §2). */
export function DraftsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const drafts = useDrafts(slug);
  const remove = useDeleteDraft(slug);
  const [toDelete, setToDelete] = useState<DraftRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => {
        setToDelete(null);
        setFailure(error.message);
      },
    });
  };

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={28}>
        {t('backoffice.screen_drafts')}
      </Title>
      {drafts.isError ? (
        <Alert color="red" role="alert">
          {drafts.error.message}
        </Alert>
      ) : !drafts.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : drafts.data.items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="gray.7">
            {t('submissions.no_drafts')}
          </Text>
        </Paper>
      ) : (
        drafts.data.items.map((draft) => (
          <Paper key={draft.id} withBorder radius="lg" p="md" data-testid="draft-card">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={4}>
                <Text fw={600}>{draft.title || t('submissions.untitled')}</Text>
                <Text size="sm" c="gray.7">
                  {t('submissions.created_on', { date: formatDay(draft.createdAt, language) })}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={`/${slug}/dashboard/papers/edit/${draft.id}`}
                  variant="light"
                  leftSection={<IconEdit size={16} aria-hidden />}
                  data-testid="draft-edit"
                >
                  {t('submissions.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setToDelete(draft)}
                  data-testid="draft-delete"
                >
                  {t('submissions.delete')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))
      )}

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('submissions.delete_title')}>
        <Stack>
          <Text>{t('submissions.delete_confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('submissions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete} data-testid="draft-delete-confirm">
              {t('submissions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title={t('submissions.error_title')}>
        <Stack>
          <Alert color="red" role="alert">
            {failure}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => setFailure(null)}>{t('submissions.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
