import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { useJournal } from '../../../lib/journal';
import { useMyProfile, usePaper, useSpecializations } from '../api';
import { PaperWizard } from '../wizard/PaperWizard';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/dashboard/papers/create and /{slug}/dashboard/papers/edit/{id} (spec 02 §2). */
export function PaperWizardPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const params = useParams();
  const routeId = params.id ? Number(params.id) : null;
  // The draft this wizard created itself: its URL changes to edit/{id}, but the form stays as it is.
  const [ownId, setOwnId] = useState<number | null>(null);
  const loadId = routeId !== null && routeId !== ownId ? routeId : null;
  const paper = usePaper(slug, loadId);
  const profile = useMyProfile(slug);
  const specializations = useSpecializations(slug);
  const sentAway = useRef(false);

  // Only the first load decides: the wizard's own submit makes the paper non-editable on its way out.
  const shown = useRef(false);
  const notEditable =
    !shown.current && ((paper.data && paper.data.status !== 0) || (paper.isError && isApiError(paper.error, 409)))
      ? true
      : false;
  useEffect(() => {
    if (!notEditable || sentAway.current) return;
    sentAway.current = true;
    notifications.show({ color: 'red', message: t('errors.paperNotEditable'), autoClose: 5_000 });
    void navigate(`/${slug}/dashboard/drafts`, { replace: true });
  }, [notEditable, navigate, slug, t]);

  const ready =
    specializations.data && (loadId === null ? profile.data || profile.isError : paper.data && paper.data.status === 0);
  if (ready) shown.current = true;
  const title = routeId === null ? t('submissions.create_title') : t('submissions.edit_title');

  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {title}
      </Title>
      {specializations.isError || (paper.isError && !notEditable) ? (
        <Alert color="red" role="alert">
          {(specializations.error ?? paper.error)?.message}
        </Alert>
      ) : ready ? (
        <PaperWizard
          key={loadId ?? 'own'}
          initialId={routeId}
          paper={loadId === null ? undefined : paper.data}
          profile={profile.data}
          specializations={specializations.data?.specializations ?? []}
          onCreated={(id) => {
            setOwnId(id);
            void navigate(`/${slug}/dashboard/papers/edit/${id}`, { replace: true });
          }}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
