import { specFieldName } from '@journals/core/errors';
import { formatNumber } from '@journals/core/format';
import { type SpecializationRow, specializationRequest } from '@journals/core/schemas/specializations';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CutText } from '../../../components/CutText';
import { FormActions } from '../../../components/FormParts';
import { QueryView } from '../../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../../lib/field-errors';
import { required } from '../../../lib/forms';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { specializationUsage, useDeleteSpecialization, useSaveSpecialization, useSpecializations } from './api';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { notifyFailed } from '../../../lib/notify';

/** Keywords shown in a row before "+n". */
const KEYWORD_CHIPS = 4;
/** A name kept whole inside a sentence of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * The specializations and keywords screen (spec 03 "Specializations and keywords", §5; issue 22 §2): the list with
 * each one's keywords, a dialog to add or edit one (both names, keywords one per line), and a delete that first says
 * what still uses the specialization; the delete is soft (papers and people keep it).
 */
export function SpecializationsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const list = useSpecializations(slug);
  const remove = useDeleteSpecialization(slug);
  const [editing, setEditing] = useState<SpecializationRow | 'new' | null>(null);
  const nameOf = (row: SpecializationRow) => (language === 'ar' ? row.nameAr : row.nameEn);

  const confirmDelete = async (row: SpecializationRow) => {
    let usage;
    try {
      usage = await specializationUsage(slug, row.id);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message, autoClose: 5000 });
      return;
    }
    const used = usage.papers + usage.people > 0;
    modals.openConfirmModal({
      title: t('specializations.delete_title', { name: isolated(nameOf(row)) }),
      children: (
        <Text size="sm" c={used ? 'orange.9' : undefined} data-testid="delete-warning">
          {used
            ? t('specializations.delete_used', {
                papers: formatNumber(usage.papers, language),
                people: formatNumber(usage.people, language),
              })
            : t('specializations.delete_unused')}
        </Text>
      ),
      labels: { confirm: t('specializations.delete'), cancel: t('specializations.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: (said) => notifications.show({ color: 'green', message: said.message, autoClose: 3000 }),
          onError: notifyFailed,
        }),
    });
  };

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_keywords')}
        intro={t('specializations.intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="add-specialization"
          >
            {t('specializations.add')}
          </Button>
        }
      />
      <QueryView query={list} failedTitle={t('specializations.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Text c="gray.7">{t('specializations.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder radius="lg" p="xs">
              <Table.ScrollContainer minWidth={720}>
                <Table striped highlightOnHover verticalSpacing="sm" data-testid="specializations-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('specializations.col_en')}</Table.Th>
                      <Table.Th>{t('specializations.col_ar')}</Table.Th>
                      <Table.Th>{t('specializations.col_keywords')}</Table.Th>
                      <Table.Th>{t('specializations.col_actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row) => (
                      <Table.Tr key={row.id} data-testid="specialization-row" data-name={row.nameEn}>
                        <Table.Td dir="ltr" style={{ textAlign: 'start' }} fw={600}>
                          <CutText text={row.nameEn} />
                        </Table.Td>
                        <Table.Td dir="rtl" style={{ textAlign: 'start' }} fw={600}>
                          <CutText text={row.nameAr} />
                        </Table.Td>
                        <Table.Td>
                          <Keywords keywords={row.keywords} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={2} wrap="nowrap">
                            <Tooltip label={t('specializations.edit')}>
                              <ActionIcon
                                variant="subtle"
                                onClick={() => setEditing(row)}
                                aria-label={`${t('specializations.edit')}: ${nameOf(row)}`}
                                data-testid="edit-specialization"
                              >
                                <IconPencil size={20} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('specializations.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => void confirmDelete(row)}
                                aria-label={`${t('specializations.delete')}: ${nameOf(row)}`}
                                data-testid="delete-specialization"
                              >
                                <IconTrash size={20} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryView>
      {editing !== null && (
        <SpecializationDialog slug={slug} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function Keywords({ keywords }: { keywords: string[] }) {
  const { t } = useTranslation();
  const shown = keywords.slice(0, KEYWORD_CHIPS);
  const rest = keywords.slice(KEYWORD_CHIPS);
  return (
    <Group gap={4}>
      {shown.map((keyword) => (
        <Badge key={keyword} variant="light" radius="sm" tt="none" data-testid="keyword">
          {keyword}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.join('، ')}>
          <Badge variant="outline" radius="sm" tt="none" tabIndex={0}>
            {t('specializations.more_keywords', { count: rest.length })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** Adding (row null) or editing a specialization: both names and its keywords, one per line. */
function SpecializationDialog({
  slug,
  row,
  onClose,
}: {
  slug: string;
  row: SpecializationRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveSpecialization(slug);
  const [values, setValues] = useState({
    nameEn: row?.nameEn ?? '',
    nameAr: row?.nameAr ?? '',
    keywords: row?.keywords.join('\n') ?? '',
  });
  const { setErrors, errorOf } = useFieldErrors();
  const field = (name: keyof typeof values, dir: 'ltr' | 'rtl') => ({
    label: t(`specializations.${name}`),
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      // Read now: React empties the event's currentTarget once the handler returns, before the updater runs.
      const value = event.currentTarget.value;
      setValues((now) => ({ ...now, [name]: value }));
      setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
    },
    error: errorOf(specFieldName([name])),
    dir,
    ...required,
  });
  const submit = () => {
    const parsed = specializationRequest.safeParse(values);
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: row?.id ?? null, body: values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t(row ? 'specializations.saved' : 'specializations.created'),
            autoClose: 3000,
          });
          onClose();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else notifyFailed(error);
        },
      },
    );
  };
  const title = row
    ? t('specializations.edit_title', { name: isolated(language === 'ar' ? row.nameAr : row.nameEn) })
    : t('specializations.new_title');
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="specialization-form"
      >
        <Stack gap="md">
          <TextInput {...field('nameEn', 'ltr')} />
          <TextInput {...field('nameAr', 'rtl')} />
          <Textarea
            {...field('keywords', language === 'ar' ? 'rtl' : 'ltr')}
            description={t('specializations.keywords_hint')}
            autosize
            minRows={5}
            maxRows={14}
          />
          <FormActions
            onCancel={onClose}
            saving={save.isPending}
            saveTestId="save-specialization"
            labels={{ cancel: t('specializations.cancel'), save: t('specializations.save') }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
