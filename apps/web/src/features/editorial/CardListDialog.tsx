import { REMINDER_CARD, type EditorialCard } from '@journals/core/editorial';
import { TIMINGS } from '@journals/core/limits';
import { Button, Group, Modal, Stack, TextInput, useDirection } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconBellRinging, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPanel } from '../../components/ListPanel';
import { QueryView } from '../../components/QueryView';
import { useTranslation } from '../../lib/i18n';
import { useCardPage, useSendReminders } from './api';
import { PaperTable } from './PaperTable';
import { ReportPopover } from './ReportPopover';

/**
 * A card's papers in a full-screen dialog (spec 01 §2): a back button, search by title or code, the server's pages
 * from 1 at its fixed size, the paper report, and in the late reviews' list the reminders to late reviewers.
 * `shown` is the card last opened: its list stays while the dialog closes.
 */
export function CardListDialog({
  slug,
  card,
  shown,
  onClose,
}: {
  slug: string;
  card: EditorialCard | null;
  shown: EditorialCard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Modal.Root opened={card !== null} onClose={onClose} fullScreen transitionProps={{ transition: 'fade' }}>
      <Modal.Overlay />
      <Modal.Content data-testid="card-dialog">
        <Modal.Header style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="md" wrap="nowrap">
            <Button variant="subtle" leftSection={<BackIcon size={18} aria-hidden />} onClick={onClose}>
              {t('editorial.back')}
            </Button>
            <Modal.Title fz={22} fw={700} component="h2">
              {shown ? t(`editorial.card_${shown}`) : ''}
            </Modal.Title>
          </Group>
        </Modal.Header>
        <Modal.Body pt="lg">{shown && <CardList key={shown} slug={slug} card={shown} onLeave={onClose} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function CardList({ slug, card, onLeave }: { slug: string; card: EditorialCard; onLeave: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useCardPage(slug, card, { search: debounced, page });

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="md">
        <TextInput
          label={t('editorial.search_label')}
          placeholder={t('editorial.search_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 380 }}
          data-testid="desk-search"
        />
        <Group gap="sm">
          {card === REMINDER_CARD && <RemindButton slug={slug} />}
          <ReportPopover slug={slug} card={card} />
        </Group>
      </Group>

      <QueryView query={list} failedTitle={t('editorial.load_failed')}>
        {(data) => (
          <ListPanel
            busy={list.isPlaceholderData}
            summary={t('editorial.list_total', { count: data.total })}
            summaryTestId="list-total"
            empty={data.items.length > 0 ? null : debounced ? t('editorial.list_no_match') : t('editorial.list_empty')}
            emptyTestId="list-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page,
              onChange: setPage,
              testId: 'list-pages',
            }}
          >
            <PaperTable slug={slug} papers={data.items} onOpen={onLeave} testId="card-list" />
          </ListPanel>
        )}
      </QueryView>
    </Stack>
  );
}

/** Reminds every late reviewer of the caller's papers; the outcome shows for 10 s (spec 01 §8). */
function RemindButton({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const remind = useSendReminders(slug);
  return (
    <Button
      variant="outline"
      color="red.9"
      leftSection={<IconBellRinging size={18} aria-hidden />}
      loading={remind.isPending}
      onClick={() =>
        remind.mutate(undefined, {
          onSuccess: (answer) =>
            notifications.show({
              color: answer.sent ? 'green' : 'blue',
              message: answer.message,
              autoClose: TIMINGS.dashboardToastMs,
            }),
          onError: () =>
            notifications.show({
              color: 'red',
              message: t('editorial.remind_failed'),
              autoClose: TIMINGS.dashboardToastMs,
            }),
        })
      }
      data-testid="remind-button"
    >
      {t('editorial.remind')}
    </Button>
  );
}
