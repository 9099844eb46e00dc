import { specFieldName } from '@journals/core/errors';
import { formatNumber } from '@journals/core/format';
import { TIMINGS } from '@journals/core/limits';
import { ANSWER_OPTIONS, ANSWER_TYPE_CODES, type AnswerType } from '@journals/core/reviewing';
import { type ReviewQuestionRow, reviewQuestionRequest } from '@journals/core/schemas/review-sheet';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../../components/FormParts';
import { QueryView } from '../../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../../lib/field-errors';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useDeleteReviewQuestion, useReorderReviewQuestions, useReviewQuestions, useSaveReviewQuestion } from './api';

const toast = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, autoClose: color === 'green' ? TIMINGS.toastMs : 5000 });

/**
 * The review-sheet questions screen (spec 03 "Sheet question", §5; issue 22 §2): the sheet in its order with each
 * question's group and answer type, arrows that move a question one place, a dialog to add or edit one (both
 * languages, the answer type with the options the reviewer will choose from, the place), and a delete that says
 * what it keeps. Reviewers see the new order at once.
 */
export function ReviewSheetPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const list = useReviewQuestions(slug);
  const reorder = useReorderReviewQuestions(slug);
  const remove = useDeleteReviewQuestion(slug);
  const [editing, setEditing] = useState<ReviewQuestionRow | 'new' | null>(null);
  const local = (row: ReviewQuestionRow) =>
    language === 'ar' ? { group: row.groupAr, text: row.textAr } : { group: row.groupEn, text: row.textEn };

  const move = (items: ReviewQuestionRow[], index: number, by: -1 | 1) => {
    const ids = items.map((row) => row.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids, {
      onSuccess: () => toast('green', t('reviewSheet.moved')),
      onError: (error) => toast('red', error.message),
    });
  };

  const confirmDelete = (row: ReviewQuestionRow) =>
    modals.openConfirmModal({
      title: t('reviewSheet.delete_title', { order: formatNumber(row.order, language) }),
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {local(row).text}
          </Text>
          <Text size="sm">{t('reviewSheet.delete_body')}</Text>
        </Stack>
      ),
      labels: { confirm: t('reviewSheet.delete'), cancel: t('reviewSheet.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: (said) => toast('green', said.message),
          onError: (error) => toast('red', error.message),
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={28}>
            {t('backoffice.screen_reviewSheet')}
          </Title>
          <Text c="gray.7">{t('reviewSheet.intro')}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="add-question"
        >
          {t('reviewSheet.add')}
        </Button>
      </Group>
      <QueryView query={list} failedTitle={t('reviewSheet.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Text c="gray.7">{t('reviewSheet.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder radius="lg" p="xs">
              <Table.ScrollContainer minWidth={760}>
                <Table striped highlightOnHover verticalSpacing="sm" data-testid="questions-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('reviewSheet.col_order')}</Table.Th>
                      <Table.Th>{t('reviewSheet.col_group')}</Table.Th>
                      <Table.Th>{t('reviewSheet.col_question')}</Table.Th>
                      <Table.Th>{t('reviewSheet.col_type')}</Table.Th>
                      <Table.Th w={170}>{t('reviewSheet.col_actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row, index) => {
                      const { group, text } = local(row);
                      const named = (action: 'move_up' | 'move_down' | 'edit' | 'delete') =>
                        `${t(`reviewSheet.${action}`)}: ${text}`;
                      return (
                        <Table.Tr key={row.id} data-testid="question-row" data-id={row.id}>
                          <Table.Td fw={700}>{formatNumber(row.order, language)}</Table.Td>
                          <Table.Td c="gray.7">{group}</Table.Td>
                          <Table.Td fw={600} data-testid="question-text">
                            {text}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" c="gray.8">
                              {t(`reviewSheet.type_${row.type}` as never)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={2} wrap="nowrap">
                              <Tooltip label={t('reviewSheet.move_up')}>
                                <ActionIcon
                                  variant="subtle"
                                  disabled={index === 0 || reorder.isPending}
                                  onClick={() => move(data.items, index, -1)}
                                  aria-label={named('move_up')}
                                  data-testid="move-up"
                                >
                                  <IconArrowUp size={20} aria-hidden />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('reviewSheet.move_down')}>
                                <ActionIcon
                                  variant="subtle"
                                  disabled={index === data.items.length - 1 || reorder.isPending}
                                  onClick={() => move(data.items, index, 1)}
                                  aria-label={named('move_down')}
                                  data-testid="move-down"
                                >
                                  <IconArrowDown size={20} aria-hidden />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('reviewSheet.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => setEditing(row)}
                                  aria-label={named('edit')}
                                  data-testid="edit-question"
                                >
                                  <IconPencil size={20} aria-hidden />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('reviewSheet.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => confirmDelete(row)}
                                  aria-label={named('delete')}
                                  data-testid="delete-question"
                                >
                                  <IconTrash size={20} aria-hidden />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryView>
      {editing !== null && list.data && (
        <QuestionDialog
          slug={slug}
          row={editing === 'new' ? null : editing}
          count={list.data.items.length}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** Adding (row null) or editing a question: its texts in both languages, its answer type and its place. */
function QuestionDialog({
  slug,
  row,
  count,
  onClose,
}: {
  slug: string;
  row: ReviewQuestionRow | null;
  count: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const save = useSaveReviewQuestion(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [values, setValues] = useState({
    groupEn: row?.groupEn ?? '',
    groupAr: row?.groupAr ?? '',
    textEn: row?.textEn ?? '',
    textAr: row?.textAr ?? '',
    type: row ? String(row.type) : '',
    order: String(row?.order ?? count + 1),
  });
  const set = (name: keyof typeof values, value: string) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };
  const field = (name: 'groupEn' | 'groupAr' | 'textEn' | 'textAr') => ({
    label: t(`reviewSheet.${name}`),
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
    error: errorOf(specFieldName([name])),
    dir: name.endsWith('Ar') ? 'rtl' : 'ltr',
    ...required,
  });
  const body = () => ({ ...values, type: values.type === '' ? undefined : Number(values.type) });
  const options =
    values.type === ''
      ? []
      : ANSWER_OPTIONS[Number(values.type) as AnswerType].map((option) =>
          dynamicT(`reviewing.answer_${values.type}_${option}`),
        );

  const submit = () => {
    const parsed = reviewQuestionRequest.safeParse(body());
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: row?.id ?? null, body: body() as never },
      {
        onSuccess: () => {
          toast('green', t(row ? 'reviewSheet.saved' : 'reviewSheet.created'));
          onClose();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else toast('red', error.message);
        },
      },
    );
  };
  const max = count + (row ? 0 : 1);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        row ? t('reviewSheet.edit_title', { order: formatNumber(row.order, language) }) : t('reviewSheet.new_title')
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="question-form"
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('groupEn')} />
            <TextInput {...field('groupAr')} />
            <Textarea {...field('textEn')} autosize minRows={2} maxRows={6} />
            <Textarea {...field('textAr')} autosize minRows={2} maxRows={6} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('reviewSheet.type')}
              data={ANSWER_TYPE_CODES.map((code) => ({ value: String(code), label: t(`reviewSheet.type_${code}`) }))}
              value={values.type || null}
              onChange={(value) => set('type', value ?? '')}
              error={errorOf(specFieldName(['type']))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="question-type"
              {...required}
            />
            <TextInput
              label={t('reviewSheet.order')}
              description={t('reviewSheet.order_hint', { max: formatNumber(max, language) })}
              value={values.order}
              onChange={(event) => set('order', event.currentTarget.value)}
              error={errorOf(specFieldName(['order']))}
              inputMode="numeric"
              dir="ltr"
              data-testid="question-order"
              {...required}
            />
          </SimpleGrid>
          {options.length > 0 && (
            <Text size="sm" c="gray.7" data-testid="answer-options">
              {t('reviewSheet.options', { options: new Intl.ListFormat(language).format(options) })}
            </Text>
          )}
          <FormActions
            onCancel={onClose}
            saving={save.isPending}
            saveTestId="save-question"
            labels={{ cancel: t('reviewSheet.cancel'), save: t('reviewSheet.save') }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
