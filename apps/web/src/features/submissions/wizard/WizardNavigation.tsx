import { Button, Group, Paper, Stepper } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { STEP_COUNT } from './form';

/** The wizard's four steps beside the form (spec 02 §2): pressing one goes there, forward once this step is complete. */
export function WizardStepper({ active, onStepClick }: { active: number; onStepClick: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stepper
        active={active}
        onStepClick={onStepClick}
        orientation="vertical"
        size="sm"
        aria-label={t('submissions.steps')}
      >
        <Stepper.Step label={t('submissions.step_1')} description={t('submissions.step_1_hint')} />
        <Stepper.Step label={t('submissions.step_2')} description={t('submissions.step_2_hint')} />
        <Stepper.Step label={t('submissions.step_3')} description={t('submissions.step_3_hint')} />
        <Stepper.Step label={t('submissions.step_4')} description={t('submissions.step_4_hint')} />
      </Stepper>
    </Paper>
  );
}

/** Under the step: back, and forward, or on the last step the submit button once the terms are accepted. */
export function WizardButtons({
  active,
  acceptTerms,
  busy,
  onPrevious,
  onNext,
}: {
  active: number;
  acceptTerms: boolean | undefined;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={18} className="flip-rtl" aria-hidden />}
        disabled={active === 0}
        onClick={onPrevious}
        data-testid="wizard-previous"
      >
        {t('submissions.previous')}
      </Button>
      {active < STEP_COUNT - 1 ? (
        <Button
          rightSection={<IconArrowRight size={18} className="flip-rtl" aria-hidden />}
          onClick={onNext}
          data-testid="wizard-next"
        >
          {t('submissions.next')}
        </Button>
      ) : (
        <Button
          type="submit"
          color="green"
          leftSection={<IconSend size={18} aria-hidden />}
          disabled={!acceptTerms}
          loading={busy}
          data-testid="wizard-submit"
        >
          {t('submissions.submit')}
        </Button>
      )}
    </Group>
  );
}
