import { ANSWER_OPTIONS, type AnswerType } from '@journals/core/reviewing';
import { Group, Paper, Radio, Stack, Title } from '@mantine/core';
import { requiredMark } from '../../../lib/forms';
import { useDynamicT, useLanguage } from '../../../lib/i18n';
import type { SheetQuestion } from '../api';
import { type FieldKey, questionKey } from './review-sheet-fields';

/** The review sheet's questions that apply, each a required choice of its type's answers, under their headings. */
export function SheetQuestions({
  groups,
  answers,
  onAnswer,
  errorOf,
}: {
  groups: [string, SheetQuestion[]][];
  answers: Record<string, string>;
  onAnswer: (questionId: number, value: string) => void;
  /** A field's error, translated. */
  errorOf: (key: FieldKey) => string | undefined;
}) {
  const dynamicT = useDynamicT();
  const language = useLanguage();
  return (
    <>
      {groups.map(([group, questions]) => (
        <Paper key={group} withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={3} fz="lg">
              {group}
            </Title>
            {questions.map((question) => (
              <div key={question.id} data-field={questionKey(question.id)}>
                <Radio.Group
                  label={language === 'ar' ? question.textAr : question.textEn}
                  {...requiredMark}
                  value={answers[question.id] ?? null}
                  onChange={(value) => onAnswer(question.id, value)}
                  error={errorOf(questionKey(question.id))}
                  data-testid={`question-${question.id}`}
                >
                  <Group gap="md" mt="xs">
                    {(ANSWER_OPTIONS[question.type as AnswerType] ?? []).map((option) => (
                      <Radio
                        key={option}
                        value={option}
                        label={dynamicT(`reviewing.answer_${question.type}_${option}`)}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </>
  );
}
