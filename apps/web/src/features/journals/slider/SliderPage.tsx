import { specFieldName } from '@journals/core/errors';
import { fileRuleError } from '@journals/core/files';
import { formatNumber } from '@journals/core/format';
import { TIMINGS } from '@journals/core/limits';
import {
  SLIDE_COLORS,
  SLIDE_IMAGE_RULE,
  SLIDE_LIMITS,
  type SlideRow,
  slideRequest,
} from '@journals/core/schemas/slides';
import {
  ActionIcon,
  Badge,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormActions } from '../../../components/FormParts';
import { FormSection } from '../../../components/FormSection';
import { QueryView } from '../../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../../lib/field-errors';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { HomeSlider } from '../pages/HomeSlider';
import { useDeleteSlide, useReorderSlides, useSaveSlide, useSlides, useSwitchSlider } from './api';
import { ScreenHeading } from '../../../components/ScreenHeading';

const toast = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, autoClose: color === 'green' ? TIMINGS.toastMs : 5000 });

/**
 * The news slider screen (spec 03 "Slide", §4–§5; issue 22 §2): the slider's switch (with a confirmation), the
 * slides with their pictures, captions and state, arrows to move them, a dialog to add (at most five: the button
 * says why it is disabled) or edit one, and a preview of the home page's slider as readers will see it.
 */
export function SliderPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const query = useSlides(slug);
  const reorder = useReorderSlides(slug);
  const toggle = useSwitchSlider(slug);
  const remove = useDeleteSlide(slug);
  const [editing, setEditing] = useState<SlideRow | 'new' | null>(null);

  const confirmSwitch = (enabled: boolean) =>
    modals.openConfirmModal({
      title: t(enabled ? 'slides.switch_on_title' : 'slides.switch_off_title'),
      children: <Text size="sm">{t(enabled ? 'slides.switch_on_body' : 'slides.switch_off_body')}</Text>,
      labels: { confirm: t('slides.switch_confirm'), cancel: t('slides.cancel') },
      confirmProps: { 'data-testid': 'confirm-switch' } as never,
      onConfirm: () =>
        toggle.mutate(enabled, {
          onSuccess: (said) => toast('green', said.message),
          onError: (error) => toast('red', error.message),
        }),
    });

  const confirmDelete = (slide: SlideRow) =>
    modals.openConfirmModal({
      title: t('slides.delete_title', { order: formatNumber(slide.order, language) }),
      children: <Text size="sm">{t('slides.delete_body')}</Text>,
      labels: { confirm: t('slides.delete'), cancel: t('slides.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(slide.id, {
          onSuccess: (said) => toast('green', said.message),
          onError: (error) => toast('red', error.message),
        }),
    });

  const move = (items: SlideRow[], index: number, by: -1 | 1) => {
    const ids = items.map((slide) => slide.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids, {
      onSuccess: () => toast('green', t('slides.moved')),
      onError: (error) => toast('red', error.message),
    });
  };

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_slider')} intro={t('slides.intro')} />
      <QueryView query={query} failedTitle={t('slides.load_failed')}>
        {(data) => {
          const shown = data.items.filter((slide) => slide.enabled);
          const full = data.items.length >= SLIDE_LIMITS.max;
          return (
            <Stack gap="lg">
              <Group justify="space-between">
                <Switch
                  label={t('slides.switch')}
                  checked={shown.length > 0}
                  disabled={data.items.length === 0 || toggle.isPending}
                  onChange={(event) => confirmSwitch(event.currentTarget.checked)}
                  data-testid="slider-switch"
                />
                <Tooltip label={t('slides.full')} disabled={!full}>
                  {/* A disabled button takes no pointer: the wrapper carries the tooltip. */}
                  <span tabIndex={full ? 0 : -1} data-testid="add-slide-wrapper">
                    <Button
                      leftSection={<IconPlus size={16} aria-hidden />}
                      disabled={full}
                      onClick={() => setEditing('new')}
                      data-testid="add-slide"
                    >
                      {t('slides.add')}
                    </Button>
                  </span>
                </Tooltip>
              </Group>
              {data.items.length === 0 ? (
                <Paper withBorder radius="lg" p="lg">
                  <Text c="gray.7">{t('slides.empty')}</Text>
                </Paper>
              ) : (
                <Stack gap="sm">
                  {data.items.map((slide, index) => (
                    <Paper key={slide.id} withBorder radius="lg" p="sm" data-testid="slide-row">
                      <Group wrap="nowrap" align="center" gap="md">
                        <Image src={slide.imageUrl} alt="" w={180} h={64} radius="md" fit="cover" />
                        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                          <Group gap="xs">
                            <Text fw={700}>{formatNumber(slide.order, language)}</Text>
                            <Badge
                              variant={slide.enabled ? 'light' : 'outline'}
                              color={slide.enabled ? 'green' : 'gray'}
                              data-testid="slide-state"
                            >
                              {t(slide.enabled ? 'slides.shown' : 'slides.hidden')}
                            </Badge>
                            {slide.color && (
                              <span
                                aria-hidden
                                style={{ width: 14, height: 14, borderRadius: 4, background: slide.color }}
                              />
                            )}
                          </Group>
                          <Text size="sm" dir="ltr" ta="start" truncate data-testid="slide-caption-en">
                            {slide.captionEn}
                          </Text>
                          <Text size="sm" dir="rtl" ta="start" truncate data-testid="slide-caption-ar">
                            {slide.captionAr}
                          </Text>
                        </Stack>
                        <Group gap={2} wrap="nowrap">
                          <Tooltip label={t('slides.move_up')}>
                            <ActionIcon
                              variant="subtle"
                              disabled={index === 0 || reorder.isPending}
                              onClick={() => move(data.items, index, -1)}
                              aria-label={`${t('slides.move_up')}: ${formatNumber(slide.order, language)}`}
                              data-testid="move-up"
                            >
                              <IconArrowUp size={20} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('slides.move_down')}>
                            <ActionIcon
                              variant="subtle"
                              disabled={index === data.items.length - 1 || reorder.isPending}
                              onClick={() => move(data.items, index, 1)}
                              aria-label={`${t('slides.move_down')}: ${formatNumber(slide.order, language)}`}
                              data-testid="move-down"
                            >
                              <IconArrowDown size={20} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('slides.edit')}>
                            <ActionIcon
                              variant="subtle"
                              onClick={() => setEditing(slide)}
                              aria-label={`${t('slides.edit')}: ${formatNumber(slide.order, language)}`}
                              data-testid="edit-slide"
                            >
                              <IconPencil size={20} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('slides.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => confirmDelete(slide)}
                              aria-label={`${t('slides.delete')}: ${formatNumber(slide.order, language)}`}
                              data-testid="delete-slide"
                            >
                              <IconTrash size={20} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              )}
              <FormSection title={t('slides.preview')}>
                {shown.length === 0 ? (
                  <Text c="gray.7" data-testid="preview-none">
                    {t('slides.preview_none')}
                  </Text>
                ) : (
                  <div data-testid="slider-preview">
                    <HomeSlider
                      slides={shown.map((slide) => ({
                        id: slide.id,
                        imageUrl: slide.imageUrl,
                        caption: { en: slide.captionEn, ar: slide.captionAr },
                        color: slide.color,
                      }))}
                    />
                  </div>
                )}
              </FormSection>
            </Stack>
          );
        }}
      </QueryView>
      {editing !== null && (
        <SlideDialog slug={slug} slide={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

/** Adding (slide null) or editing a slide: its picture (required for a new one), captions, colour, state. */
function SlideDialog({ slug, slide, onClose }: { slug: string; slide: SlideRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const save = useSaveSlide(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [values, setValues] = useState({
    captionEn: slide?.captionEn ?? '',
    captionAr: slide?.captionAr ?? '',
    color: slide?.color ?? null,
    enabled: slide?.enabled ?? true,
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(slide?.imageUrl ?? null);
  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };
  const shownImageError = imageError ?? errorOf(specFieldName(['image'])) ?? null;

  const submit = () => {
    const parsed = slideRequest.safeParse(values);
    const found = parsed.success ? {} : parseErrors(parsed.error.issues);
    if (!slide && !image) setImageError(dynamicT('slides.image_required'));
    if (!parsed.success || (!slide && !image)) return setErrors(found);
    setErrors({});
    save.mutate(
      { id: slide?.id ?? null, data: values, image },
      {
        onSuccess: () => {
          toast('green', t(slide ? 'slides.saved' : 'slides.created'));
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

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={slide ? t('slides.edit_title', { order: formatNumber(slide.order, language) }) : t('slides.new_title')}
    >
      <form
        noValidate
        data-testid="slide-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={6} data-field={specFieldName(['image'])}>
            <Text size="sm" fw={500}>
              {t('slides.image')}
              {!slide && (
                <Text span c="red" aria-hidden>
                  {' *'}
                </Text>
              )}
            </Text>
            <Text size="xs" c="gray.7">
              {t('slides.image_hint')}
            </Text>
            {preview && <Image src={preview} alt="" h={140} radius="md" fit="cover" data-testid="slide-image" />}
            <FileButton
              accept={SLIDE_IMAGE_RULE.mimeTypes.join(',')}
              onChange={(file) => {
                const problem = file ? fileRuleError(SLIDE_IMAGE_RULE, file) : null;
                setImageError(problem ? dynamicT(problem) : null);
                setImage(problem ? null : file);
              }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  aria-invalid={shownImageError ? true : undefined}
                  data-testid="choose-image"
                  w="fit-content"
                >
                  {t('slides.image_choose')}
                </Button>
              )}
            </FileButton>
            {image && (
              <Text size="xs" c="gray.7" data-testid="chosen-image">
                {image.name}
              </Text>
            )}
            {shownImageError && (
              <Text size="xs" c="red.8" role="alert" data-testid="image-error">
                {shownImageError}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['captionEn', 'captionAr'] as const).map((name) => (
              <TextInput
                key={name}
                label={t(`slides.${name}`)}
                value={values[name]}
                onChange={(event) => set(name, event.currentTarget.value)}
                error={errorOf(specFieldName([name]))}
                dir={name === 'captionAr' ? 'rtl' : 'ltr'}
                {...required}
              />
            ))}
          </SimpleGrid>
          <ColorInput
            label={t('slides.color')}
            value={values.color ?? ''}
            onChange={(value) => set('color', value === '' ? null : value)}
            error={errorOf(specFieldName(['color']))}
            format="hex"
            swatches={[...SLIDE_COLORS]}
            swatchesPerRow={SLIDE_COLORS.length}
            withEyeDropper={false}
            dir="ltr"
          />
          <Switch
            label={t('slides.enabled')}
            checked={values.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <FormActions
            onCancel={onClose}
            saving={save.isPending}
            saveTestId="save-slide"
            labels={{ cancel: t('slides.cancel'), save: t('slides.save') }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
