import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { ExportSection } from '../exports/ExportSection';
import { ImportDetail } from '../ImportDetail';
import { ImportHistory } from '../ImportHistory';
import { NewImportForm } from '../NewImportForm';

/**
 * The Import screen (issue 45, decision 0076): the journal manager (and the platform administrator) brings the
 * journal's past from an OJS export, JATS, a spreadsheet with its PDFs or an OAI-PMH harvest. A new import is
 * checked first (the dry run), then run in the background and followed here; the earlier imports are listed below,
 * each to be opened again. The open import is in the address (`?import=`), so a reload keeps it. Leaving is on the
 * same screen, last (decision 0082): one address for moving in and out, the import's flow left as it was above it.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('import')) || null;
  const open = (id: number | null) => setParams(id === null ? {} : { import: String(id) });

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_imports')}
        intro={t('imports.intro')}
        action={
          openId !== null && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => open(null)}
              data-testid="import-another"
            >
              {t('imports.another')}
            </Button>
          )
        }
      />
      {openId === null ? (
        <NewImportForm slug={slug} onStarted={open} />
      ) : (
        <ImportDetail key={openId} slug={slug} id={openId} onClosed={() => open(null)} />
      )}
      <ImportHistory slug={slug} openId={openId} onOpen={open} />
      <ExportSection slug={slug} />
    </Stack>
  );
}
