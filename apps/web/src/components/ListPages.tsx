import { formatNumber } from '@journals/core/format';
import { Group, Pagination, useDirection } from '@mantine/core';
import { useLanguage, useTranslation } from '../lib/i18n';

/**
 * A list's page numbers under it in the page's digits, shown only when there is more than one page; the arrows
 * point the way of the reading direction (Mantine draws them for left to right: in Arabic, "next" points left).
 */
export function ListPages({
  total,
  pageSize,
  page,
  onChange,
  testId,
}: {
  /** How many items the whole list holds. */
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { dir } = useDirection();
  if (total <= pageSize) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={Math.ceil(total / pageSize)}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? t('common.page_next') : t('common.page_previous'),
          style: dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined,
        })}
        getItemProps={(item) => ({
          'aria-label': t('common.page_number', { page: item }),
          children: formatNumber(item, language),
        })}
        data-testid={testId}
      />
    </Group>
  );
}
