import { ANSWER_OPTIONS, type AnswerType } from '@journals/core/reviewing';
import { Alert, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import type { SheetQuestion, useDecisionForm } from './api';

/**
 * The final decision's sheet (spec 02 §5): the journal's questions that apply, each answered optionally, under
 * their groups.
 */
export function DecisionSheet({
  form,
  questions,
  answers,
  onAnswer,
}: {
  form: ReturnType<typeof useDecisionForm>;
  /** The sheet's questions that apply to the answers so far. */
  questions: SheetQuestion[];
  answers: Record<number, string | undefined>;
  onAnswer: (id: number, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="lg">
        {t('decisions.sheet')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('decisions.sheet_hint')}
      </Text>
      {form.isError ? (
        <Alert color="red" role="alert">
          {form.error.message}
        </Alert>
      ) : !form.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : questions.length === 0 ? (
        <Text c="gray.7">{t('decisions.no_sheet')}</Text>
      ) : (
        <SheetAnswers questions={questions} answers={answers} onAnswer={onAnswer} />
      )}
    </Paper>
  );
}

/** The journal's sheet questions, each answered (optionally) with its type's options, under their groups. */
function SheetAnswers({
  questions,
  answers,
  onAnswer,
}: {
  questions: SheetQuestion[];
  answers: Record<number, string | undefined>;
  onAnswer: (id: number, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const inLanguage = (en: string, ar: string) => (language === 'ar' ? ar || en : en || ar);
  let group = '';
  return (
    <Stack gap="sm">
      {questions.map((question) => {
        const heading = inLanguage(question.groupEn, question.groupAr);
        const starts = heading !== '' && heading !== group;
        group = heading;
        const options = ANSWER_OPTIONS[question.type as AnswerType] ?? [];
        return (
          <Stack key={question.id} gap={4}>
            {starts && (
              <Title order={3} fz="md" mt="xs">
                {heading}
              </Title>
            )}
            <Select
              label={inLanguage(question.textEn, question.textAr)}
              data={options.map((option) => ({
                value: option,
                label: dynamicT(`reviewing.answer_${question.type}_${option}`),
              }))}
              value={answers[question.id] ?? null}
              onChange={(value) => onAnswer(question.id, value ?? undefined)}
              clearable
              clearButtonProps={{ 'aria-label': t('decisions.clear') }}
              data-testid="decision-question"
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
