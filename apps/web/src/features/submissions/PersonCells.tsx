import { Badge, Table } from '@mantine/core';
import { OrcidLink } from '../../components/OrcidMark';
import { useTranslation } from '../../lib/i18n';

export interface PersonRow {
  fullName?: string;
  email?: string;
  phone?: string;
  workPlace?: string;
  isMain?: boolean;
  /** The bare ORCID iD, or '' (authors only). */
  orcid?: string | null;
}

/** The four column heads of the paper's people tables (name, e-mail, phone, work place). */
export function PersonHeads() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t('submissions.person_name')}</Table.Th>
      <Table.Th>{t('submissions.person_email')}</Table.Th>
      <Table.Th>{t('submissions.person_phone')}</Table.Th>
      <Table.Th>{t('submissions.person_work')}</Table.Th>
    </>
  );
}

/** Name (with the ORCID mark and the main-author badge), e-mail, phone and work place: a row of the people tables. */
export function PersonCells({ person }: { person: PersonRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        {person.fullName}
        {person.orcid && <OrcidLink orcid={person.orcid} name={person.fullName ?? ''} />}{' '}
        {person.isMain && (
          <Badge size="sm" variant="light">
            {t('submissions.person_main')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
        {person.email}
      </Table.Td>
      <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
        {person.phone}
      </Table.Td>
      <Table.Td>{person.workPlace}</Table.Td>
    </>
  );
}
