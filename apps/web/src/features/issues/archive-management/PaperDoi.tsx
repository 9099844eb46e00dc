import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { DoiCell, usePaperDeposit } from '../DoiDeposits';

/**
 * A published paper's DOI and its deposit with Crossref on its page in the archive management (issue 46 §1): the
 * same state, message and Send again as on its issue's papers.
 */
export function PaperDoi({ slug, paperId, doi }: { slug: string; paperId: number; doi: string | null }) {
  const { t } = useTranslation();
  const deposit = usePaperDeposit(slug, paperId, doi !== null);
  return (
    <Paper withBorder p="md" radius="md" data-testid="paper-doi">
      <Title order={2} size="h4" mb="xs">
        {t('doi.column')}
      </Title>
      {deposit.isError ? (
        <Text size="sm" c="red.8">
          {deposit.error.message}
        </Text>
      ) : (
        <DoiCell slug={slug} doi={doi} deposit={deposit.data?.deposit ?? undefined} />
      )}
    </Paper>
  );
}
