import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { originalFileUrl, useOriginalProposal, useSpecializations } from '../api';
import { PaperFieldsView } from '../paper/PaperFieldsView';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/dashboard/original-proposal/{code}: the proposal an amendment or renewal cites, with its files. */
export function OriginalProposalPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const proposal = useOriginalProposal(slug, code);
  const specializations = useSpecializations(slug).data?.specializations ?? [];
  return (
    <Stack gap="lg">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={18} className="flip-rtl" aria-hidden />}
        onClick={() => void navigate(-1)}
        w="fit-content"
      >
        {t('submissions.back')}
      </Button>
      <Title order={1} fz={26}>
        {t('submissions.original_title')}{' '}
        <Text span dir="ltr" inherit>
          {code}
        </Text>
      </Title>
      {proposal.isError ? (
        <Alert color="red" role="alert">
          {t('submissions.original_failed')}
        </Alert>
      ) : !proposal.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <PaperFieldsView
            paper={{
              ...proposal.data,
              specialization: specializations.find((item) => item.id === proposal.data.specializationId),
            }}
            files={proposal.data.files}
            fileHref={(file) => originalFileUrl(slug, code, file.id)}
          />
        </Paper>
      )}
    </Stack>
  );
}
