import type { ColorName } from '@journals/core/colors';
import { EDITORIAL_CARDS, type EditorialCard } from '@journals/core/editorial';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { StatCard } from '../../../components/StatCard';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useEditorialDashboard } from '../api';
import { CardListDialog } from '../CardListDialog';
import { PaperTable } from '../PaperTable';

/** Each card in a colour of its own; the status cards share their status chip's colour family. */
export const CARD_COLORS: Record<EditorialCard, ColorName> = {
  submitted: 'brand',
  inPeerReview: 'orange',
  refusedReviewing: 'grape',
  delayInPeerReview: 'red',
  reviewedReviewing: 'cyan',
  waitingResubmission: 'indigo',
  finallyAccepted: 'green',
  finallyRejected: 'gray',
  published: 'blueGray',
};

/**
 * The editor's and the handling editor's dashboard (spec 01 §2, issue 10 §1): nine cards counting the papers of
 * the caller's desk (the journal, or the handling editor's specializations), each opening its list, and the
 * last-updated papers under them.
 */
export function EditorialDashboardPage({ screen }: { screen: 'editorDashboard' | 'handlingEditorDashboard' }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const dashboard = useEditorialDashboard(slug);
  const data = dashboard.data;
  // The card whose list is open, and the one last opened (its list stays while the dialog closes).
  const [opened, setOpened] = useState<EditorialCard | null>(null);
  const [shown, setShown] = useState<EditorialCard | null>(null);
  const open = (card: EditorialCard) => {
    setShown(card);
    setOpened(card);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {t(`backoffice.screen_${screen}`)}
        </Title>
        {data && (
          <Text c="gray.7" data-testid="desk-scope">
            {t(`editorial.scope_${data.scope}`)}
          </Text>
        )}
      </Stack>

      <QueryView query={dashboard} failedTitle={t('editorial.load_failed')}>
        {(desk) => (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={{ base: 'sm', sm: 'md' }} data-testid="desk-cards">
              {EDITORIAL_CARDS.map((card) => (
                <StatCard
                  key={card}
                  count={desk.counts[card]}
                  label={t(`editorial.card_${card}`)}
                  color={CARD_COLORS[card]}
                  opensDialog
                  onClick={() => open(card)}
                  testId={`card-${card}`}
                />
              ))}
            </SimpleGrid>

            <Stack gap="sm" component="section" aria-labelledby="last-updated-title">
              <Title order={2} fz={20} id="last-updated-title">
                {t('editorial.last_updated')}
              </Title>
              <Paper withBorder radius="lg" p="md">
                {desk.lastUpdated.length > 0 ? (
                  <PaperTable slug={slug} papers={desk.lastUpdated} testId="last-updated" />
                ) : (
                  <Text ta="center" c="gray.7" py="lg" data-testid="last-updated-empty">
                    {desk.scope === 'journal'
                      ? t('editorial.last_updated_empty')
                      : t('backoffice.empty_handlingEditorDashboard')}
                  </Text>
                )}
              </Paper>
            </Stack>
          </>
        )}
      </QueryView>

      <CardListDialog slug={slug} card={opened} shown={shown} onClose={() => setOpened(null)} />
    </Stack>
  );
}
