import { specFieldName } from '@journals/core/errors';
import {
  FEATURE_ICONS,
  type FeatureIcon,
  LANDING_LIMITS,
  type LandingContentRequest,
  type LandingContentResponse,
  type LandingFeature,
  landingContentRequest,
} from '@journals/core/schemas/landing';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { FEATURE_ICON } from './feature-icons';
import { useSaveLanding } from './landing-api';
import { notifyDone, notifyFailed } from '../../lib/notify';

/** Moves the item at `index` one place up (-1) or down (+1). */
function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

const FIELD_LABELS = {
  titleEn: 'landing.title_en',
  titleAr: 'landing.title_ar',
  textEn: 'landing.text_en',
  textAr: 'landing.text_ar',
} as const;

const blankFeature: LandingFeature = { icon: 'review', titleEn: '', titleAr: '', textEn: '', textAr: '' };

/**
 * The landing page's form: the tagline, the features (add, remove, move, every field checked as the server checks it)
 * and the carousel's journals (shown or not, in order); one save for the whole page.
 */
export function LandingForm({ slug, content }: { slug: string; content: LandingContentResponse }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const save = useSaveLanding(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [tagline, setTagline] = useState({ en: content.taglineEn, ar: content.taglineAr });
  const [features, setFeatures] = useState<LandingFeature[]>(content.features);
  const [journals, setJournals] = useState(content.journals);
  const full = features.length >= LANDING_LIMITS.features;

  /** A field's error goes as soon as it is changed. */
  const clear = (path: PropertyKey[]) => setErrors((now) => ({ ...now, [specFieldName(path)]: [] }));
  /** Features moved or removed: the errors beside them would now sit beside others. */
  const reorder = (change: (now: LandingFeature[]) => LandingFeature[]) => {
    setFeatures(change);
    setErrors({});
  };
  const setFeature = (index: number, change: Partial<LandingFeature>) => {
    setFeatures((now) => now.map((feature, at) => (at === index ? { ...feature, ...change } : feature)));
    for (const name of Object.keys(change)) clear(['features', index, name]);
  };
  const body = (): LandingContentRequest => ({
    taglineEn: tagline.en,
    taglineAr: tagline.ar,
    features,
    journals: journals.map(({ id, shown }) => ({ id, shown })),
  });
  const submit = () => {
    const parsed = landingContentRequest.safeParse(body());
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    save.mutate(body(), {
      onSuccess: notifyDone,
      onError: (error) => {
        const fields = serverErrors(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notifyFailed(error);
      },
    });
  };
  const featureField = (index: number, name: 'titleEn' | 'titleAr' | 'textEn' | 'textAr') => {
    const Input = name.startsWith('text') ? Textarea : TextInput;
    return (
      <Input
        label={t(FIELD_LABELS[name])}
        value={features[index]![name]}
        onChange={(event) => setFeature(index, { [name]: event.currentTarget.value })}
        error={errorOf(specFieldName(['features', index, name]))}
        dir={name.endsWith('Ar') ? 'rtl' : 'ltr'}
        autosize={name.startsWith('text') ? true : undefined}
        minRows={name.startsWith('text') ? 2 : undefined}
        required
      />
    );
  };

  return (
    <form
      noValidate
      data-testid="landing-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xl">
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            {t('landing.tagline')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t('landing.tagline_en')}
              value={tagline.en}
              onChange={(event) => {
                setTagline({ ...tagline, en: event.currentTarget.value });
                clear(['taglineEn']);
              }}
              error={errorOf('TaglineEn')}
              dir="ltr"
              required
            />
            <TextInput
              label={t('landing.tagline_ar')}
              value={tagline.ar}
              onChange={(event) => {
                setTagline({ ...tagline, ar: event.currentTarget.value });
                clear(['taglineAr']);
              }}
              error={errorOf('TaglineAr')}
              dir="rtl"
              required
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Group justify="space-between" mb="md">
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {t('landing.features')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('landing.features_hint')}
              </Text>
            </Stack>
            <Tooltip label={t('landing.features_full')} disabled={!full}>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setFeatures((now) => [...now, blankFeature])}
                disabled={full}
                data-testid="add-feature"
              >
                {t('landing.add_feature')}
              </Button>
            </Tooltip>
          </Group>
          <Stack gap="lg">
            {features.map((feature, index) => {
              const Icon = FEATURE_ICON[feature.icon];
              const number = String(index + 1);
              return (
                <Paper key={index} withBorder radius="md" p="md" data-testid="feature-item">
                  <Group justify="space-between" mb="sm">
                    <Group gap="sm">
                      <Icon size={22} aria-hidden />
                      <Text fw={600}>{t('landing.feature', { number })}</Text>
                    </Group>
                    <Group gap={4}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => reorder((now) => moved(now, index, -1))}
                        disabled={index === 0}
                        aria-label={`${t('landing.move_up')}: ${t('landing.feature', { number })}`}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => reorder((now) => moved(now, index, 1))}
                        disabled={index === features.length - 1}
                        aria-label={`${t('landing.move_down')}: ${t('landing.feature', { number })}`}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => reorder((now) => now.filter((_, at) => at !== index))}
                        aria-label={`${t('landing.remove_feature')}: ${t('landing.feature', { number })}`}
                        data-testid="remove-feature"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <Stack gap="sm">
                    <Select
                      label={t('landing.icon')}
                      data={FEATURE_ICONS.map((icon) => ({ value: icon, label: dynamicT(`landing.icon_${icon}`) }))}
                      value={feature.icon}
                      onChange={(value) => value && setFeature(index, { icon: value as FeatureIcon })}
                      allowDeselect={false}
                      maw={280}
                    />
                    <SimpleGrid cols={{ base: 1, md: 2 }}>
                      {featureField(index, 'titleEn')}
                      {featureField(index, 'titleAr')}
                      {featureField(index, 'textEn')}
                      {featureField(index, 'textAr')}
                    </SimpleGrid>
                  </Stack>
                </Paper>
              );
            })}
            {errorOf('Features') && (
              <Text c="red" size="sm">
                {errorOf('Features')}
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg">
            {t('landing.journals')}
          </Title>
          <Text size="sm" c="gray.7" mb="md">
            {t('landing.journals_hint')}
          </Text>
          <Stack gap="xs" data-testid="carousel-journals">
            {journals.map((journal, index) => {
              const name = language === 'ar' ? journal.titleAr : journal.titleEn;
              return (
                <Group key={journal.id} justify="space-between" wrap="nowrap" data-testid="carousel-item">
                  <Group gap="sm" wrap="nowrap">
                    <Checkbox
                      checked={journal.shown && journal.active}
                      disabled={!journal.active}
                      onChange={(event) => {
                        const shown = event.currentTarget.checked;
                        setJournals((now) => now.map((row) => (row.id === journal.id ? { ...row, shown } : row)));
                      }}
                      label={name}
                    />
                    <Text span size="sm" c="gray.7" dir="ltr">{`/${journal.slug}/`}</Text>
                    {!journal.active && (
                      <Badge color="gray" variant="light">
                        {t('landing.switched_off')}
                      </Badge>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setJournals((now) => moved(now, index, -1))}
                      disabled={index === 0}
                      aria-label={`${t('landing.move_up')}: ${name}`}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setJournals((now) => moved(now, index, 1))}
                      disabled={index === journals.length - 1}
                      aria-label={`${t('landing.move_down')}: ${name}`}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
            {errorOf('Journals') && (
              <Text c="red" size="sm">
                {errorOf('Journals')}
              </Text>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="save-landing">
            {t('landing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
