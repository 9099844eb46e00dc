import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { abbreviateNumber, formatNumber } from '@journals/core/format';
import { TIMINGS } from '@journals/core/limits';
import { ActionIcon, Anchor, Badge, Container, Group, Text, Transition } from '@mantine/core';
import { IconArrowUp, IconEye, IconEyeOff, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useJournal, usePick } from '../../lib/journal';
import { useLanguage, useTranslation } from '../../lib/i18n';

/** Policy links, the system manual, a scroll-to-top button after 20 px and a collapsible visit counter (spec 01 §2). */
export function PublicFooter() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug, journal, views } = useJournal();
  const pick = usePick();
  const scrolled = useScrolledPast(TIMINGS.scrollTopThresholdPx);
  const links = [
    { path: 'terms-conditions', label: t('public.terms_conditions') },
    { path: 'publish-policy', label: t('public.publish_policy') },
    { path: 'privacy-policy', label: t('public.privacy_policy') },
  ];

  return (
    <footer className="site-footer">
      <Container size="xl" py="lg">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group
            component="ul"
            gap="lg"
            wrap="wrap"
            aria-label={t('public.footer_links')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {links.map((link) => (
              <li key={link.path}>
                <Anchor component={Link} to={`/${slug}/${link.path}`} size="sm">
                  {link.label}
                </Anchor>
              </li>
            ))}
            <li>
              <Anchor href="/manual.pdf" target="_blank" rel="noopener" size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconFileTypePdf size={16} aria-hidden />
                  {t('public.system_manual')}
                </Group>
              </Anchor>
            </li>
          </Group>
          <Group gap="md" wrap="wrap">
            <VisitCounter views={views} />
            <Text size="sm">
              {t('common.all_rights', {
                year: formatNumber(new Date().getFullYear(), language, { useGrouping: false }),
                name: pick(journal.journalData.title),
              })}
            </Text>
          </Group>
        </Group>
      </Container>
      <div className="scroll-top">
        <Transition transition="slide-up" mounted={scrolled}>
          {(styles) => (
            <ActionIcon
              size="xl"
              radius="xl"
              style={styles}
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
              aria-label={t('common.scroll_top')}
            >
              <IconArrowUp size={22} aria-hidden />
            </ActionIcon>
          )}
        </Transition>
      </div>
    </footer>
  );
}

function VisitCounter({ views }: { views: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(true);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="white"
        size="sm"
        radius="xl"
        onClick={() => setOpen((value) => !value)}
        aria-label={open ? t('public.visits_hide') : t('public.visits_show')}
        aria-expanded={open}
      >
        {open ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
      </ActionIcon>
      {open && (
        <Badge size="lg" variant="white" tt="none" title={formatNumber(views, language)}>
          {t('public.visits')}: {abbreviateNumber(views, language)}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Whether the window is scrolled further down than `threshold` pixels, read when it scrolls. Not read when the page
 * mounts (Mantine's useWindowScroll does, and so forces a layout of the whole page before its first paint: 40 ms
 * here, four times that on Lighthouse's phone); a page opens at its top, and a restored position fires a scroll.
 */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const read = () => setScrolled(window.scrollY > threshold);
    window.addEventListener('scroll', read, { passive: true });
    return () => window.removeEventListener('scroll', read);
  }, [threshold]);
  return scrolled;
}
