import { zodResolver } from '@hookform/resolvers/zod';
import { PAPER_LIMITS } from '@journals/core/papers';
import { authorSchema } from '@journals/core/schemas/paper-people';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { OrcidIcon } from '../../../components/OrcidIcon';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { required } from '../../../lib/forms';
import { useFieldError, useTranslation } from '../../../lib/i18n';

export type PersonValues = z.input<typeof authorSchema>;

interface PersonDialogProps {
  opened: boolean;
  kind: 'author' | 'reviewer';
  initial: PersonValues | null;
  onClose: () => void;
  onSave: (person: PersonValues) => void;
  /** The signed-in author's account and the ORCID iD it signed in with, or null. */
  account?: { email: string; orcid: string | null } | null;
}

const EMPTY: PersonValues = { fullName: '', email: '', phone: '', workPlace: '', isMain: false, orcid: '' };

/**
 * Adds or edits one author (name, e-mail, phone, work place, main, ORCID iD) or suggested reviewer (spec 02 §2). The
 * signed-in author's own row shows their account's ORCID iD, not to be typed: the server marks it authenticated.
 */
export function PersonDialog(props: PersonDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.kind === 'author' ? 'submissions.author_dialog' : 'submissions.reviewer_dialog')}
      size="lg"
    >
      {props.opened && <PersonForm {...props} />}
    </Modal>
  );
}

function PersonForm({ kind, initial, onClose, onSave, account }: PersonDialogProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<PersonValues, unknown, z.output<typeof authorSchema>>({
    resolver: zodResolver(authorSchema),
    defaultValues: initial ?? EMPTY,
  });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const ownOrcid = account?.orcid && email.trim().toLowerCase() === account.email.toLowerCase() ? account.orcid : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void form.handleSubmit((person) => onSave(person))(event);
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.register('fullName')}
            label={t('submissions.person_name')}
            maxLength={PAPER_LIMITS.authorName}
            {...required}
            error={fieldError(errors.fullName)}
            data-autofocus
          />
          <TextInput
            {...form.register('email')}
            type="email"
            dir="ltr"
            label={t('submissions.person_email')}
            maxLength={PAPER_LIMITS.authorEmail}
            {...required}
            error={fieldError(errors.email)}
          />
          <TextInput
            {...form.register('phone')}
            type="tel"
            dir="ltr"
            label={t('submissions.person_phone')}
            maxLength={PAPER_LIMITS.authorPhone}
            {...required}
            error={fieldError(errors.phone)}
          />
          <TextInput
            {...form.register('workPlace')}
            label={t('submissions.person_work')}
            maxLength={PAPER_LIMITS.authorWork}
            {...required}
            error={fieldError(errors.workPlace)}
          />
        </SimpleGrid>
        {kind === 'author' &&
          (ownOrcid ? (
            <TextInput
              label={t('submissions.person_orcid')}
              description={t('submissions.person_orcid_authenticated')}
              value={ownOrcid}
              readOnly
              dir="ltr"
              leftSection={<OrcidIcon size={18} />}
              data-testid="person-orcid"
            />
          ) : (
            <TextInput
              {...form.register('orcid')}
              label={t('submissions.person_orcid')}
              description={t('submissions.person_orcid_hint')}
              dir="ltr"
              maxLength={100}
              leftSection={<OrcidIcon size={18} />}
              error={fieldError(errors.orcid)}
              data-testid="person-orcid"
            />
          ))}
        {kind === 'author' && <Checkbox {...form.register('isMain')} label={t('submissions.person_main')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('submissions.cancel')}
          </Button>
          <Button type="submit" data-testid="person-save">
            {t('submissions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
