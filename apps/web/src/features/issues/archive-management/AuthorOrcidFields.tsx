import type { ArchivedPaper } from '@journals/core/schemas/archive-management';
import { SimpleGrid, TextInput } from '@mantine/core';
import { OrcidIcon } from '../../../components/OrcidIcon';
import { useTranslation } from '../../../lib/i18n';
import type { Values } from './archived-paper-values';

/**
 * The authors' ORCID iDs in the archived paper's form (issue 46 §3, decision 0085): one optional field for the
 * corresponding author and one for each joint author, in the list's order. An iD that came from the author's own
 * ORCID sign-in says so while it is unchanged; the server alone decides it, whatever the form sends.
 */
export function AuthorOrcidFields({
  paper,
  values,
  onChange,
  errorOf,
}: {
  paper: ArchivedPaper;
  values: Values;
  onChange: (next: Pick<Values, 'correspondingAuthorOrcid' | 'jointAuthorOrcids'>) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const authenticated = new Set(
    [
      paper.correspondingAuthorOrcidAuthenticated ? paper.correspondingAuthorOrcid : null,
      ...paper.jointAuthorOrcids.filter((_, index) => paper.jointAuthorOrcidsAuthenticated[index]),
    ].filter(Boolean),
  );
  const hint = (orcid: string) =>
    authenticated.has(orcid.trim())
      ? t('archiveManagement.f_orcid_authenticated')
      : t('archiveManagement.f_orcid_hint');
  const joint = values.jointAuthors.filter((name) => name.trim() !== '');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('archiveManagement.f_corresponding_orcid')}
        description={hint(values.correspondingAuthorOrcid)}
        value={values.correspondingAuthorOrcid}
        onChange={(event) =>
          onChange({ correspondingAuthorOrcid: event.currentTarget.value, jointAuthorOrcids: values.jointAuthorOrcids })
        }
        error={errorOf('CorrespondingAuthorOrcid')}
        leftSection={<OrcidIcon size={18} />}
        dir="ltr"
        maxLength={100}
        data-field="CorrespondingAuthorOrcid"
      />
      {joint.map((name) => {
        const orcid = values.jointAuthorOrcids[name] ?? '';
        return (
          <TextInput
            key={name}
            label={t('archiveManagement.f_joint_orcid', { name })}
            description={hint(orcid)}
            value={orcid}
            onChange={(event) =>
              onChange({
                correspondingAuthorOrcid: values.correspondingAuthorOrcid,
                jointAuthorOrcids: { ...values.jointAuthorOrcids, [name]: event.currentTarget.value },
              })
            }
            error={errorOf(`JointAuthorOrcids[${values.jointAuthors.indexOf(name)}]`)}
            leftSection={<OrcidIcon size={18} />}
            dir="ltr"
            maxLength={100}
            data-field="JointAuthorOrcids"
          />
        );
      })}
    </SimpleGrid>
  );
}
