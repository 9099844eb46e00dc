import type { Bilingual } from '@journals/core/schemas/journals';
import type { PaperFieldsInput } from '@journals/core/schemas/submissions';
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { usePick } from '../../../lib/journal';
import type { PaperFile } from '../api';
import { PersonCells, PersonHeads, type PersonRow } from '../PersonCells';

type PaperLike = Partial<PaperFieldsInput> & { specialization?: { name: Bilingual } | null };

/** Code fields shown with their enumeration labels: field → `papers.<prefix>_<code>`. */
const CODED: [keyof PaperFieldsInput, string][] = [
  ['statusOfApplicant', 'applicant'],
  ['medical_School', 'school'],
  ['paper_Type', 'type'],
  ['new_Amendment_Renewal', 'kind'],
  ['typeOfTheStudy', 'study'],
  ['observationalDescriptive', 'descriptive'],
  ['observationalAnalytic', 'analytic'],
  ['experimentalType', 'experimental'],
  ['experimentalTypeOfBlinding', 'blinding'],
  ['fundingSource', 'funding'],
  ['isFinancialDisclousreMentioned', 'disclosure'],
];

/** Every field of a paper in the interface language (wizard summary, paper page, original proposal). */
export function PaperFieldsView({
  paper,
  files,
  fileHref,
  showAuthors = true,
}: {
  paper: PaperLike;
  files: PaperFile[];
  fileHref: ((file: PaperFile) => string) | null;
  showAuthors?: boolean;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const pick = usePick();
  // What the author wrote may be in the other language's script: its own direction keeps its punctuation in place.
  const written = (value: string | null | undefined) => value && <span dir="auto">{value}</span>;
  const rows: [string, ReactNode][] = [
    [t('submissions.title_of_the_work'), written(paper.title_of_the_work)],
    ...CODED.filter(([field]) => paper[field] != null).map(([field, prefix]): [string, ReactNode] => [
      dynamicT(`submissions.${field}`),
      dynamicT(`papers.${prefix}_${String(paper[field])}`),
    ]),
    [t('submissions.department'), written(paper.department)],
  ];
  if (paper.original_Proposal_Code) rows.push([t('submissions.original_Proposal_Code'), paper.original_Proposal_Code]);
  if (paper.specialization) rows.push([t('submissions.specializationId'), pick(paper.specialization.name)]);
  if ((paper.keywords ?? []).length > 0)
    rows.push([
      t('submissions.keywords'),
      <Group gap={4} key="k">
        {(paper.keywords ?? []).map((keyword) => (
          <Badge key={keyword} variant="light" tt="none">
            {keyword}
          </Badge>
        ))}
      </Group>,
    ]);
  if (paper.abstract)
    rows.push([
      t('submissions.abstract'),
      <Text key="a" inherit dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
        {paper.abstract}
      </Text>,
    ]);
  for (const answer of paper.answers ?? []) {
    if (!answer.answer) continue;
    rows.push([
      dynamicT(`papers.question_${answer.questionId}`),
      `${t(answer.answer === 'yes' ? 'submissions.yes' : 'submissions.no')}${answer.vulnerableGroupComment ? ` — ${answer.vulnerableGroupComment}` : ''}`,
    ]);
  }

  return (
    <Stack gap="md">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {/* A field the paper does not have (an archived paper has no department) is left out, not shown empty. */}
          {rows
            .filter(([, value]) => value !== '' && value != null && value !== false)
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 140, sm: 240 }}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {showAuthors && (paper.authors?.length ?? 0) > 0 && (
        <PeopleTable title={t('submissions.authors')} people={paper.authors ?? []} />
      )}
      {(paper.reviewers?.length ?? 0) > 0 && (
        <PeopleTable title={t('submissions.reviewers')} people={paper.reviewers ?? []} />
      )}
      {files.length > 0 && (
        <Stack gap={4}>
          <Title order={3} fz="lg">
            {t('submissions.files')}
          </Title>
          {files.map((file) =>
            fileHref ? (
              <Anchor key={file.id} href={fileHref(file)} target="_blank" rel="noopener" data-testid="paper-file">
                <Group gap={6} wrap="nowrap">
                  <IconDownload size={16} aria-hidden />
                  {dynamicT(`papers.file_${file.kind}`)}: {file.originalName}
                </Group>
              </Anchor>
            ) : (
              <Text key={file.id}>
                {dynamicT(`papers.file_${file.kind}`)}: {file.originalName}
              </Text>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}

function PeopleTable({ title, people }: { title: string; people: PersonRow[] }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="lg">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <PersonHeads />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person, index) => (
              <Table.Tr key={index}>
                <PersonCells person={person} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
