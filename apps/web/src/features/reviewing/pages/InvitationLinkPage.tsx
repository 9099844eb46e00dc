import { Alert, Card, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { type InvitationLink, type LinkedInvitation, useLinkedInvitation } from '../api';

/** The signed link's parameters (rId, pId, sig) as the mail gave them. */
export function useInvitationLink(): InvitationLink {
  const [params] = useSearchParams();
  return { rId: params.get('rId') ?? '', pId: params.get('pId') ?? '', sig: params.get('sig') ?? '' };
}

/**
 * The frame of both invitation pages: the title, and once the link is read the paper it names; a forged or stale
 * link shows the server's message and nothing else.
 */
export function InvitationLinkFrame({
  title,
  children,
}: {
  title: string;
  children: (invitation: LinkedInvitation) => ReactNode;
}) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const link = useInvitationLink();
  const invitation = useLinkedInvitation(slug, link);
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" w="100%">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {title}
        </Title>
        {invitation.isError ? (
          <Alert color="red" role="alert" data-testid="invitation-link-error">
            {invitation.error.message}
          </Alert>
        ) : !invitation.data ? (
          <Center py="lg">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : (
          children(invitation.data)
        )}
      </Stack>
    </Card>
  );
}

/** The paper the invitation names: title, code and deadline. */
export function InvitedPaper({ invitation, deadline }: { invitation: LinkedInvitation; deadline: string }) {
  const { t } = useTranslation();
  return (
    <Table variant="vertical" withTableBorder layout="fixed" data-testid="invited-paper">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={{ base: 110, sm: 180 }}>{t('invitation.paper_title')}</Table.Th>
          <Table.Td>
            <Text inherit dir="auto">
              {invitation.title}
            </Text>
          </Table.Td>
        </Table.Tr>
        {invitation.code && (
          <Table.Tr>
            <Table.Th>{t('invitation.paper_code')}</Table.Th>
            <Table.Td>
              <span dir="ltr">{invitation.code}</span>
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th>{t('invitation.deadline')}</Table.Th>
          <Table.Td data-testid="invited-deadline">{deadline}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
