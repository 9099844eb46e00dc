import { countWords } from '@journals/core/papers';
import { SUBTITLE_MAX } from '@journals/core/schemas/archive-management';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { Values } from './archived-paper-values';

type TextField = 'titleEn' | 'titleAr' | 'subtitle' | 'abstractEn' | 'abstractAr';

/**
 * The archived paper's texts (spec 03 §5 "Archive paper edit"): its title in English and Arabic, its subtitle and its
 * abstracts with their word counts, each in its own language and direction.
 */
export function ArchivedPaperTexts({
  values,
  set,
  errorOf,
}: {
  values: Values;
  set: (field: TextField, value: string) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const words = (text: string) => t('archiveManagement.f_words', { count: countWords(text) });
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label={t('archiveManagement.f_title_en')}
          value={values.titleEn}
          onChange={(event) => set('titleEn', event.currentTarget.value)}
          error={errorOf('TitleEn')}
          lang="en"
          dir="ltr"
          data-field="TitleEn"
          data-testid="archived-title-en"
        />
        <TextInput
          label={t('archiveManagement.f_title_ar')}
          value={values.titleAr}
          onChange={(event) => set('titleAr', event.currentTarget.value)}
          error={errorOf('TitleAr')}
          lang="ar"
          dir="rtl"
          data-field="TitleAr"
          data-testid="archived-title-ar"
        />
      </SimpleGrid>
      <TextInput
        label={t('archiveManagement.f_subtitle')}
        value={values.subtitle}
        onChange={(event) => set('subtitle', event.currentTarget.value)}
        error={errorOf('Subtitle')}
        maxLength={SUBTITLE_MAX}
        data-field="Subtitle"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('archiveManagement.f_abstract_en')}
          description={words(values.abstractEn)}
          value={values.abstractEn}
          onChange={(event) => set('abstractEn', event.currentTarget.value)}
          error={errorOf('AbstractEn')}
          autosize
          minRows={4}
          maxRows={12}
          lang="en"
          dir="ltr"
          data-field="AbstractEn"
        />
        <Textarea
          label={t('archiveManagement.f_abstract_ar')}
          description={words(values.abstractAr)}
          value={values.abstractAr}
          onChange={(event) => set('abstractAr', event.currentTarget.value)}
          error={errorOf('AbstractAr')}
          autosize
          minRows={4}
          maxRows={12}
          lang="ar"
          dir="rtl"
          data-field="AbstractAr"
        />
      </SimpleGrid>
    </>
  );
}
