import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconLock } from '@tabler/icons-react';
import { formatPrice } from '@journals/core/prices';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { fullTextUrl, useCurrencyName, useFullTextAccess } from './FullTextAccess';

/**
 * A published paper's full text as a page offers it (issue 21 §3): the PDF's link when the caller may read it, else
 * "Members only" with the membership's price. `button` on the paper page, `link` in lists (search results). Until
 * the access answer comes, the link shows (the server decides anyway: a refused download is a translated 403).
 */
export function FullTextLink({
  slug,
  paperId,
  title,
  variant = 'button',
  retracted = false,
}: {
  slug: string;
  paperId: number;
  /** The paper's title, for the link's accessible name in lists. */
  title?: string;
  variant?: 'button' | 'link';
  /** The paper is retracted: the link says so (decision 0089). */
  retracted?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const access = useFullTextAccess(slug, variant === 'button' ? paperId : undefined).data;
  const currencyName = useCurrencyName();
  if (access && !access.canRead) {
    const yearly = access.membershipType === 2;
    return (
      <Group gap={6} wrap="nowrap" data-testid="members-only">
        <IconLock size={16} aria-hidden />
        <Text size="sm">
          {t('fullText.members_only')}
          {access.price
            ? ` · ${t(yearly ? 'fullText.price_yearly' : 'fullText.price_monthly', { price: formatPrice(access.price, language), currency: currencyName(access.currency) })}`
            : ''}
        </Text>
      </Group>
    );
  }
  const href = fullTextUrl(slug, paperId);
  const label = title
    ? t(retracted ? 'fullText.download_named_retracted' : 'fullText.download_named', { title })
    : undefined;
  if (variant === 'link') {
    return (
      <Anchor href={href} size="sm" aria-label={label} data-testid="full-text-link">
        <Group gap={6} component="span">
          <IconDownload size={16} aria-hidden />
          {t(retracted ? 'fullText.download_retracted' : 'fullText.download')}
        </Group>
      </Anchor>
    );
  }
  return (
    <Button
      component="a"
      href={href}
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      aria-label={label}
      data-testid="full-text-link"
    >
      {t(retracted ? 'archive.download_pdf_retracted' : 'archive.download_pdf')}
    </Button>
  );
}
