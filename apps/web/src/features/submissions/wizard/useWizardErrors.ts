import type { PaperFileKind } from '@journals/core/files';
import { TIMINGS } from '@journals/core/limits';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FieldErrors, Path, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { fromSpecName, stepOf, STEP_COUNT, type WizardValues } from './form';
import { notifyFailed } from '../../../lib/notify';

/**
 * How the wizard shows what is wrong (spec 02 §8): each error under its field or file, "complete every author's
 * data", a toast, a jump to the first step with an error, and a dialog for what belongs to no field.
 */
export function useWizardErrors(setError: UseFormSetError<WizardValues>, setActive: (step: number) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug } = useJournal();
  const [fileErrors, setFileErrors] = useState<Partial<Record<PaperFileKind, string>>>({});
  const [authorsError, setAuthorsError] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const jumpLater = (step: number) => window.setTimeout(() => setActive(step), 1_000);

  const toastIncomplete = () =>
    notifications.show({ color: 'red', message: t('submissions.complete_required'), autoClose: TIMINGS.toastMs });

  /** Puts a refused request's errors under their fields and jumps to the first step with one (spec 02 §8). */
  const showServerErrors = (error: unknown) => {
    if (isApiError(error, 409)) {
      notifyFailed(error);
      void navigate(`/${slug}/dashboard/drafts`);
      return;
    }
    if (!isApiError(error) || Object.keys(error.fieldErrors).length === 0) {
      setDialogError(error instanceof Error ? error.message : String(error));
      return;
    }
    let firstStep = STEP_COUNT;
    const nextFileErrors: Partial<Record<PaperFileKind, string>> = {};
    for (const [name, keys] of Object.entries(error.fieldErrors)) {
      const { field, fileKind } = fromSpecName(name);
      const message = keys[0] ?? 'validation.invalid';
      if (fileKind) nextFileErrors[fileKind] = message;
      else if (field) setError(field as Path<WizardValues>, { type: 'server', message });
      if (/^authors/i.test(name)) setAuthorsError(true);
      firstStep = Math.min(firstStep, stepOf(field ?? fileKind ?? name));
    }
    setFileErrors(nextFileErrors);
    toastIncomplete();
    if (firstStep < STEP_COUNT) jumpLater(firstStep);
    else setDialogError(error.message);
  };

  /** Client-side issues (zod paths) onto the form; returns the first step with one. */
  const showIssues = (issues: { path: PropertyKey[]; message: string }[]) => {
    let firstStep = STEP_COUNT;
    for (const issue of issues) {
      const name = issue.path.map(String).join('.');
      setError(name as Path<WizardValues>, { type: 'validate', message: issue.message });
      if (/^authors\.\d/.test(name)) setAuthorsError(true);
      firstStep = Math.min(firstStep, stepOf(name));
    }
    toastIncomplete();
    if (firstStep < STEP_COUNT) jumpLater(firstStep);
  };

  return {
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
  };
}

/** Whether any author row carries an error (adds "complete every author's data", spec 02 §8). */
export function hasRowErrors(errors: FieldErrors<WizardValues>): boolean {
  const authors = errors.authors;
  return Array.isArray(authors) && authors.some(Boolean);
}
