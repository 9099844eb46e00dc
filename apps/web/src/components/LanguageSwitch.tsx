import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import type { Language } from '@journals/core/enums';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { chooseLanguage, useLanguage, useTranslation } from '../lib/i18n';

/** Offers the other interface language, named in that language. */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'default' | 'white' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const other: Language = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant={variant}
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      onClick={() => chooseLanguage(other)}
      data-testid="language-switch"
      lang={other}
      title={t('common.language_switch')}
    >
      {other === 'ar' ? t('common.language_ar') : t('common.language_en')}
    </Button>
  );
}
