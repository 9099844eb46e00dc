import type { FeatureIcon } from '@journals/core/schemas/landing';
import {
  IconArchive,
  IconBook2,
  IconChartBar,
  IconChecklist,
  IconCreditCard,
  IconFileUpload,
  IconGavel,
  IconLanguage,
  IconMail,
  IconSearch,
} from '@tabler/icons-react';

/** The picture of each feature the landing page can present (core FEATURE_ICONS). */
export const FEATURE_ICON: Record<FeatureIcon, typeof IconBook2> = {
  bilingual: IconLanguage,
  submission: IconFileUpload,
  review: IconChecklist,
  decision: IconGavel,
  publishing: IconBook2,
  archive: IconArchive,
  search: IconSearch,
  payments: IconCreditCard,
  mail: IconMail,
  statistics: IconChartBar,
};
