import { Alert, Anchor, Button, Center, Group, Loader, Modal, Paper, Stack, Text, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePaperLog } from './api';
import { LogTable } from './LogTable';

/**
 * One paper's whole log in a full-screen dialog (spec 03 "Paper logs"): every version's entries, oldest first, and a
 * link to the paper's page. `paperId` is the paper last opened: its log stays while the dialog closes.
 */
export function PaperLogDialog({
  slug,
  paperId,
  opened,
  onClose,
}: {
  slug: string;
  paperId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  const log = usePaperLog(slug, paperId);
  const data = log.data;
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen transitionProps={{ transition: 'fade' }}>
      <Modal.Overlay />
      <Modal.Content data-testid="paper-log-dialog">
        <Modal.Header style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="md" wrap="nowrap">
            <Button variant="subtle" leftSection={<BackIcon size={18} aria-hidden />} onClick={onClose}>
              {t('paperLogs.back')}
            </Button>
            <Modal.Title fz={22} fw={700} component="h2">
              {data ? t('paperLogs.paper_log_title', { code: data.paper.code ?? `#${data.paper.id}` }) : ''}
            </Modal.Title>
          </Group>
        </Modal.Header>
        <Modal.Body pt="lg">
          <Stack gap="md" maw={1400} mx="auto">
            {log.isError ? (
              <Alert color="red" role="alert" title={t('paperLogs.load_failed')}>
                <Text size="sm">{log.error.message}</Text>
              </Alert>
            ) : !data ? (
              <Center py="xl">
                <Loader aria-label={t('common.loading')} />
              </Center>
            ) : (
              <>
                <Group justify="space-between" align="center" gap="md">
                  <Text fw={600} dir="auto" data-testid="paper-log-title">
                    {data.paper.title}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/${slug}/dashboard/papers/${data.paper.id}`}
                    onClick={onClose}
                    data-testid="paper-log-link"
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      {t('paperLogs.view_paper')}
                      <IconFileText size={16} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
                <Paper withBorder radius="lg" p="md">
                  {data.items.length > 0 ? (
                    <LogTable entries={data.items} testId="paper-log" />
                  ) : (
                    <Text ta="center" c="gray.7" py="lg">
                      {t('paperLogs.paper_log_empty')}
                    </Text>
                  )}
                </Paper>
              </>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
