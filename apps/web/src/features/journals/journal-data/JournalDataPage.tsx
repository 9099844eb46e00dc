import { ISSUE_FREQUENCIES, type Language } from '@journals/core/enums';
import { specFieldName } from '@journals/core/errors';
import { TIMINGS } from '@journals/core/limits';
import {
  JOURNAL_IMAGE_RULE,
  JOURNAL_IMAGES,
  type JournalDataRequest,
  type JournalDataResponse,
  type JournalImage,
  journalDataRequest,
  REMINDER_KINDS,
} from '@journals/core/schemas/journal-data';
import { INFO_SECTIONS } from '@journals/core/schemas/journals';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { type FieldErrorMap, parseErrors, serverErrors } from '../../../lib/field-errors';
import { focusFirstError } from '../focus-error';
import { required } from '../../../lib/forms';
import { FormSection } from '../../../components/FormSection';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useJournalData, useSaveJournalData } from './api';
import { RichTextField } from '../../../components/RichTextField';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { notifyDone } from '../../../lib/notify';

type Values = Required<Omit<JournalDataRequest, 'deleteLogo' | 'deleteCoverEn' | 'deleteCoverAr'>>;

const valuesOf = ({ passwordSet: _set, images: _images, ...stored }: JournalDataResponse): Values => ({
  ...stored,
  codePrefix: stored.codePrefix ?? '',
  password: '',
  reminderDays: stored.reminderDays as Values['reminderDays'],
});

/**
 * The journal data screen (spec 03 §3, §5; issue 22 §2): one form with every setting of the journal and one save.
 * The section texts are rich text in both languages; the logo and covers are chosen here and sent with the save.
 * An invalid save says so in a toast for 5 s and focuses the first field in error.
 */
export function JournalDataPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const query = useJournalData(slug);
  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_journalData')} intro={t('journalData.intro')} />
      <QueryView query={query} failedTitle={t('journalData.load_failed')}>
        {(data) => <JournalDataForm slug={slug} stored={data} />}
      </QueryView>
    </Stack>
  );
}

function JournalDataForm({ slug, stored }: { slug: string; stored: JournalDataResponse }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const save = useSaveJournalData(slug);
  const [values, setValues] = useState<Values>(() => valuesOf(stored));
  const [files, setFiles] = useState<Partial<Record<JournalImage, File>>>({});
  const [removed, setRemoved] = useState<Partial<Record<JournalImage, boolean>>>({});
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (...path: string[]) => {
    const key = errors[specFieldName(path)]?.[0];
    return key ? dynamicT(key) : undefined;
  };
  const text = (field: keyof Values, language?: Language, extra: Record<string, unknown> = {}) => ({
    label: dynamicT(`journalData.${field}`),
    value: String(values[field] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value as never),
    error: errorOf(field),
    'data-field': specFieldName([field]),
    dir: language ? (language === 'ar' ? 'rtl' : 'ltr') : undefined,
    ...extra,
  });
  const number = (field: keyof Values, extra: Record<string, unknown> = {}) => ({
    label: dynamicT(`journalData.${field}`),
    value: values[field] as number,
    onChange: (value: string | number) => set(field, (value === '' ? Number.NaN : Number(value)) as never),
    error: errorOf(field),
    'data-field': specFieldName([field]),
    allowDecimal: false,
    ...extra,
  });
  const toggle = (field: keyof Values) => ({
    label: dynamicT(`journalData.${field}`),
    checked: Boolean(values[field]),
    onChange: (event: { currentTarget: { checked: boolean } }) => set(field, event.currentTarget.checked as never),
  });

  const request = (): JournalDataRequest => ({
    ...values,
    deleteLogo: Boolean(removed.logo),
    deleteCoverEn: Boolean(removed.coverEn),
    deleteCoverAr: Boolean(removed.coverAr),
  });

  const showErrors = (found: FieldErrorMap) => {
    setErrors(found);
    notifications.show({ color: 'red', message: t('journalData.incomplete'), autoClose: TIMINGS.toastMs });
    focusFirstError(formRef.current, found);
  };

  const submit = () => {
    const parsed = journalDataRequest.safeParse(request());
    const found: FieldErrorMap = parsed.success ? {} : parseErrors(parsed.error.issues);
    for (const image of JOURNAL_IMAGES) {
      const has = files[image] ?? (!removed[image] && stored.images[image]);
      if (!has) found[specFieldName([image])] = ['journalData.image_required'];
    }
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    save.mutate(
      { data: request(), images: files },
      {
        onSuccess: (answer) => {
          // The chosen images are the stored ones now; a typed password is stored.
          setFiles({});
          setRemoved({});
          set('password', '');
          notifyDone(answer);
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (Object.keys(fields).length > 0) showErrors(fields);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      data-testid="journal-data-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        {save.error && Object.keys(serverErrors(save.error)).length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <FormSection title={t('journalData.section_identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('titleEn', 'en')} {...required} />
            <TextInput {...text('titleAr', 'ar')} {...required} />
            <TextInput {...text('foundationNameEn', 'en')} {...required} />
            <TextInput {...text('foundationNameAr', 'ar')} {...required} />
            <Textarea {...text('welcomeMsgEn', 'en')} autosize minRows={2} {...required} />
            <Textarea {...text('welcomeMsgAr', 'ar')} autosize minRows={2} {...required} />
            <TextInput {...text('website', 'en')} type="url" {...required} />
            <TextInput {...text('email', 'en')} type="email" {...required} />
            <PasswordInput
              {...text('password', 'en')}
              description={t(stored.passwordSet ? 'journalData.password_set' : 'journalData.password_unset')}
              autoComplete="new-password"
              {...(stored.passwordSet ? {} : required)}
            />
            <TextInput {...text('facebook', 'en')} type="url" />
            <TextInput {...text('linkedin', 'en')} type="url" />
            <TextInput {...text('twitter', 'en')} type="url" />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('journalData.section_images')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {JOURNAL_IMAGES.map((image) => (
              <ImageSlot
                key={image}
                image={image}
                stored={removed[image] ? null : stored.images[image]}
                file={files[image] ?? null}
                error={errorOf(image)}
                onChoose={(file) => {
                  setFiles((now) => ({ ...now, [image]: file ?? undefined }));
                }}
                onRemove={() => {
                  setFiles((now) => ({ ...now, [image]: undefined }));
                  setRemoved((now) => ({ ...now, [image]: true }));
                }}
                removedNote={Boolean(removed[image]) && !files[image]}
              />
            ))}
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('journalData.section_texts')}>
          {INFO_SECTIONS.map((section) => (
            <SimpleGrid key={section} cols={{ base: 1, lg: 2 }}>
              {(['en', 'ar'] as const).map((language) => {
                const field = `${section}${language === 'en' ? 'En' : 'Ar'}` as keyof Values;
                return (
                  <RichTextField
                    key={field}
                    field={specFieldName([field])}
                    label={`${t(`journalData.${section}`)} (${t(`journalData.in_${language}`)})`}
                    language={language}
                    value={String(values[field])}
                    onChange={(html) => set(field, html as never)}
                    error={errorOf(field)}
                  />
                );
              })}
            </SimpleGrid>
          ))}
          <RichTextField
            field={specFieldName(['reportsTermsAndConditionsEn'])}
            label={t('journalData.reportsTermsAndConditionsEn')}
            language="en"
            value={values.reportsTermsAndConditionsEn}
            onChange={(html) => set('reportsTermsAndConditionsEn', html)}
            error={errorOf('reportsTermsAndConditionsEn')}
          />
        </FormSection>

        <FormSection title={t('journalData.section_settings')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('journalData.defaultLanguage')}
              data={[
                { value: 'en', label: t('journalData.in_en') },
                { value: 'ar', label: t('journalData.in_ar') },
              ]}
              value={values.defaultLanguage}
              onChange={(value) => value && set('defaultLanguage', value as Language)}
              allowDeselect={false}
              data-field="DefaultLanguage"
            />
            <Select
              label={t('journalData.issueFrequency')}
              data={ISSUE_FREQUENCIES.map((frequency, index) => ({
                value: String(index),
                label: dynamicT(`journalData.frequency_${frequency}`),
              }))}
              value={String(values.issueFrequency)}
              onChange={(value) => value !== null && set('issueFrequency', Number(value))}
              allowDeselect={false}
              error={errorOf('issueFrequency')}
              data-field="IssueFrequency"
            />
            <NumberInput
              {...number('impactFactor', { allowDecimal: true, decimalScale: 3, min: 0, max: 5 })}
              {...required}
            />
            <TextInput
              {...text('codePrefix', 'en')}
              description={t('journalData.codePrefix_hint')}
              onChange={(event) => set('codePrefix', event.currentTarget.value.toUpperCase())}
            />
            <Switch {...toggle('multiLanguage')} />
            <Switch {...toggle('crossMark')} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('journalData.section_review')}>
          <Stack gap="sm">
            <Switch {...toggle('openReview')} />
            <Switch {...toggle('ethicsQuestionnaire')} />
            <Switch {...toggle('extraPaperTypes')} />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput {...number('suggestedReviewersMin', { min: 0, max: 5 })} />
            <NumberInput {...number('extensionMaxDays', { min: 1, max: 90 })} />
            <NumberInput {...number('extensionMaxCount', { min: 0, max: 10 })} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('journalData.section_reminders')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {REMINDER_KINDS.map((kind) => (
              <NumberInput
                key={kind}
                label={dynamicT(`journalData.reminder_${kind}`)}
                value={values.reminderDays[kind]}
                min={1}
                max={365}
                allowDecimal={false}
                onChange={(value) =>
                  set('reminderDays', { ...values.reminderDays, [kind]: value === '' ? Number.NaN : Number(value) })
                }
                error={errorOf('reminderDays', kind)}
                data-field={specFieldName(['reminderDays', kind])}
              />
            ))}
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('journalData.section_publishing')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('printIssn', 'en')} placeholder="1234-5678" />
            <TextInput {...text('onlineIssn', 'en')} placeholder="1234-5678" />
            <TextInput {...text('publisherEn', 'en')} />
            <TextInput {...text('publisherAr', 'ar')} />
            <TextInput {...text('doiPrefix', 'en')} placeholder="10.12345" />
            <TextInput {...text('licenseUrl', 'en')} type="url" />
            <TextInput {...text('depositorName', 'en')} />
            <TextInput {...text('depositorEmail', 'en')} type="email" />
          </SimpleGrid>
        </FormSection>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="journal-data-save">
            {t('journalData.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One journal image: the stored one (or the chosen file's name), a button to choose another, one to remove it. */
function ImageSlot({
  image,
  stored,
  file,
  error,
  removedNote,
  onChoose,
  onRemove,
}: {
  image: JournalImage;
  stored: string | null;
  file: File | null;
  error?: string;
  removedNote: boolean;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`journalData.${image}`);
  return (
    <Stack gap={6} data-field={specFieldName([image])} data-testid={`image-${image}`}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      {stored && !file ? (
        <Image src={stored} alt={label} h={110} fit="contain" radius="sm" bg="gray.1" />
      ) : (
        <Text size="sm" c="gray.7" h={110} style={{ display: 'flex', alignItems: 'center' }}>
          {file ? t('journalData.image_new', { name: file.name }) : removedNote ? '' : t('journalData.image_missing')}
        </Text>
      )}
      {removedNote && (
        <Text size="sm" c="orange.8">
          {t('journalData.image_removed')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={onChoose} accept={JOURNAL_IMAGE_RULE.mimeTypes.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              data-error={error ? 'true' : undefined}
              aria-invalid={error ? true : undefined}
              aria-label={`${t('journalData.image_choose')}: ${label}`}
              data-testid={`choose-${image}`}
            >
              {t('journalData.image_choose')}
            </Button>
          )}
        </FileButton>
        {(stored || file) && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onRemove}
            aria-label={`${t('journalData.image_remove')}: ${label}`}
            data-testid={`remove-${image}`}
          >
            {t('journalData.image_remove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="gray.7">
        {t('journalData.image_hint')}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
