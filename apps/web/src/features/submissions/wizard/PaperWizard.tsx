import { zodResolver } from '@hookform/resolvers/zod';
import { requiredPaperFiles } from '@journals/core/files';
import { TIMINGS } from '@journals/core/limits';
import type { Profile } from '@journals/core/schemas/accounts';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { paperSubmitRequest } from '@journals/core/schemas/submissions';
import { Alert, Button, Grid, Group, Modal, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useJournal, usePick } from '../../../lib/journal';
import { useCreateDraft, useRemoveFile, useSaveDraft, useSubmitPaper, type PaperDetail, type PaperFile } from '../api';
import { FilesStep } from './FilesStep';
import {
  newPaperValues,
  paperValues,
  parseDraft,
  requestBody,
  stepOf,
  STEP_COUNT,
  STUDY_FIELDS,
  type WizardValues,
} from './form';
import { PeopleStep } from './PeopleStep';
import { StudyStep } from './StudyStep';
import { SummaryStep } from './SummaryStep';
import { hasRowErrors, useWizardErrors } from './useWizardErrors';
import { WizardButtons, WizardStepper } from './WizardNavigation';

/** Step 1 on a step move: everything but the department, which only submit requires (spec 02 §5). */
const STUDY_STEP_CHECK = STUDY_FIELDS.filter((field) => field !== 'department');

interface PaperWizardProps {
  initialId: number | null;
  paper: PaperDetail | undefined;
  profile: Profile | undefined;
  specializations: SpecializationItem[];
  onCreated: (id: number) => void;
}

/** The four-step submission wizard (spec 02 §2–§5). */
export function PaperWizard({ initialId, paper, profile, specializations, onCreated }: PaperWizardProps) {
  const { t } = useTranslation();
  const pick = usePick();
  const navigate = useNavigate();
  const { slug, journal } = useJournal();
  const settings = journal.settings;
  const schema = useMemo(() => paperSubmitRequest(settings), [settings]);
  const form = useForm<WizardValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
    defaultValues: paper ? paperValues(paper, settings) : newPaperValues(settings, profile),
  });
  // A field shown with an error is checked again as soon as it changes, so the message goes once it is fixed.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && get(form.formState.errors, name)) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const [active, setActive] = useState(0);
  const [paperId, setPaperId] = useState<number | null>(initialId);
  const [files, setFiles] = useState<PaperFile[]>(paper?.files ?? []);
  const {
    fileErrors,
    setFileErrors,
    authorsError,
    setAuthorsError,
    dialogError,
    setDialogError,
    jumpLater,
    toastIncomplete,
    showServerErrors,
    showIssues,
  } = useWizardErrors(form.setError, setActive);
  const creating = useRef<Promise<number | null> | null>(null);
  const createDraft = useCreateDraft(slug);
  const saveDraft = useSaveDraft(slug);
  const submit = useSubmitPaper(slug);
  const removeFile = useRemoveFile(slug);

  const [kind, acceptTerms] = useWatch({ control: form.control, name: ['new_Amendment_Renewal', 'acceptTerms'] });
  const kinds = requiredPaperFiles(kind ?? undefined);
  const termsHtml =
    kind === 4
      ? journal.journalData.reportsTermsAndConditionsEn
      : pick(journal.journalData.sections.termsAndConditions);

  /** The draft's id; the first upload or draft save creates the draft (docs/decisions/0005). */
  const ensurePaperId = (): Promise<number | null> => {
    if (paperId !== null) return Promise.resolve(paperId);
    creating.current ??= (async () => {
      const parsed = parseDraft(form.getValues());
      if (!parsed.success) {
        showIssues(parsed.error.issues);
        return null;
      }
      try {
        const { id } = await createDraft.mutateAsync(parsed.data);
        setPaperId(id);
        onCreated(id);
        return id;
      } catch (error) {
        showServerErrors(error);
        return null;
      }
    })().finally(() => {
      creating.current = null;
    });
    return creating.current;
  };

  const onSaveDraft = async () => {
    form.clearErrors();
    setAuthorsError(false);
    const parsed = parseDraft(form.getValues());
    if (!parsed.success) return showIssues(parsed.error.issues);
    try {
      if (paperId === null) {
        const id = await ensurePaperId();
        if (id === null) return;
      } else {
        await saveDraft.mutateAsync({ id: paperId, body: parsed.data });
      }
      notifications.show({ color: 'green', message: t('submissions.draft_saved'), autoClose: TIMINGS.toastMs });
      void navigate(`/${slug}/dashboard/drafts`);
    } catch (error) {
      showServerErrors(error);
    }
  };

  const missingFiles = () => {
    const missing = kinds.filter((fileKind) => !files.some((file) => file.kind === fileKind));
    setFileErrors((old) => ({
      ...old,
      ...Object.fromEntries(missing.map((fileKind) => [fileKind, 'validation.file_required'])),
    }));
    return missing;
  };

  const validateStep = async (step: number): Promise<boolean> => {
    if (step === 0) return form.trigger([...STUDY_STEP_CHECK]);
    if (step === 1) {
      const ok = await form.trigger(['authors', 'reviewers']);
      setAuthorsError(!ok && hasRowErrors(form.formState.errors));
      return ok;
    }
    if (step === 2) return missingFiles().length === 0;
    return true;
  };

  const goTo = async (target: number) => {
    if (target <= active || active === STEP_COUNT - 1) return setActive(target);
    if (await validateStep(active)) setActive(target);
    else toastIncomplete();
  };

  const onSubmit = form.handleSubmit(
    async () => {
      if (missingFiles().length > 0) {
        toastIncomplete();
        return jumpLater(2);
      }
      if (!form.getValues('acceptTerms')) {
        notifications.show({ color: 'red', message: t('validation.terms_required'), autoClose: TIMINGS.toastMs });
        return;
      }
      const id = await ensurePaperId();
      if (id === null) return;
      try {
        await submit.mutateAsync({ id, body: { ...requestBody(form.getValues()), acceptTerms: true } });
        notifications.show({ color: 'green', message: t('submissions.submitted'), autoClose: TIMINGS.toastMs });
        void navigate(`/${slug}/dashboard`);
      } catch (error) {
        showServerErrors(error);
      }
    },
    (errors) => {
      setAuthorsError(hasRowErrors(errors));
      toastIncomplete();
      const first = Object.keys(errors)
        .map(stepOf)
        .reduce((a, b) => Math.min(a, b), STEP_COUNT);
      if (first < STEP_COUNT) jumpLater(first);
    },
  );

  const busy = createDraft.isPending || saveDraft.isPending || submit.isPending;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="md">
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            onClick={() => void onSaveDraft()}
            loading={createDraft.isPending || saveDraft.isPending}
            data-testid="save-draft"
          >
            {t('submissions.save_draft')}
          </Button>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <WizardStepper active={active} onStepClick={(step) => void goTo(step)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid={`wizard-step-${active + 1}`}>
              {active === 0 && <StudyStep form={form} settings={settings} specializations={specializations} />}
              {active === 1 && (
                <PeopleStep
                  form={form}
                  reviewersMin={settings.suggestedReviewersMin}
                  authorsError={authorsError}
                  account={profile ? { email: profile.email, orcid: profile.orcid } : null}
                />
              )}
              {active === 2 && (
                <FilesStep
                  slug={slug}
                  paperId={paperId}
                  kinds={kinds}
                  files={files}
                  errors={fileErrors}
                  setError={(fileKind, message) => setFileErrors((old) => ({ ...old, [fileKind]: message }))}
                  ensurePaperId={ensurePaperId}
                  onUploaded={(file) => setFiles((old) => [...old.filter((f) => f.kind !== file.kind), file])}
                  onRemove={async (file) => {
                    if (paperId === null) return;
                    try {
                      await removeFile.mutateAsync({ paperId, fileId: file.id });
                      setFiles((old) => old.filter((f) => f.id !== file.id));
                    } catch (error) {
                      setDialogError(error instanceof Error ? error.message : String(error));
                    }
                  }}
                />
              )}
              {active === 3 && (
                <SummaryStep
                  form={form}
                  files={files}
                  kinds={kinds}
                  specializations={specializations}
                  termsHtml={termsHtml}
                />
              )}
            </Paper>
            <WizardButtons
              active={active}
              acceptTerms={acceptTerms}
              busy={busy}
              onPrevious={() => setActive((step) => Math.max(0, step - 1))}
              onNext={() => void goTo(active + 1)}
            />
          </Grid.Col>
        </Grid>
      </Stack>
      <Modal opened={dialogError !== null} onClose={() => setDialogError(null)} title={t('submissions.error_title')}>
        <Alert color="red" role="alert">
          {dialogError}
        </Alert>
      </Modal>
    </form>
  );
}
