import type { BackOfficeScreen } from '@journals/core/rules/permissions';
import { EmptyState, Paper, Stack, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { screenTitleKey } from './screens';
import { useTranslation } from '../../lib/i18n';

type EmptyKey =
  `backoffice.empty_${'authorDashboard' | 'drafts' | 'addPaper' | 'reviewerDashboard' | 'handlingEditorDashboard' | 'editorDashboard' | 'paperLogs'}`;

const EMPTY: Partial<Record<BackOfficeScreen, EmptyKey>> = {
  authorDashboard: 'backoffice.empty_authorDashboard',
  drafts: 'backoffice.empty_drafts',
  addPaper: 'backoffice.empty_addPaper',
  reviewerDashboard: 'backoffice.empty_reviewerDashboard',
  handlingEditorDashboard: 'backoffice.empty_handlingEditorDashboard',
  editorDashboard: 'backoffice.empty_editorDashboard',
  paperLogs: 'backoffice.empty_paperLogs',
};

/** A back-office screen whose content belongs to a later area: its title and an honest empty state, no fake data. */
export function ScreenPage({ screen }: { screen: BackOfficeScreen }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {t(screenTitleKey(screen))}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <EmptyState icon={<IconInbox aria-hidden />} title={t(EMPTY[screen] ?? 'backoffice.empty_panel')} />
      </Paper>
    </Stack>
  );
}
