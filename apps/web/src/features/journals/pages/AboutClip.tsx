import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { LIMITS } from '@journals/core/limits';
import { Anchor, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { HtmlContent } from '../../../components/HtmlContent';
import { useTranslation } from '../../../lib/i18n';

function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The about-us text clipped at its first 300 characters, with read more / read less (spec 01 §2). */
export function AboutClip({ html }: { html: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const text = useMemo(() => plainText(html), [html]);
  const chars = Array.from(text);
  const long = chars.length > LIMITS.aboutClip;

  if (!text) return <Text c="dimmed">{t('public.section_empty')}</Text>;
  return (
    <div id="about-text">
      {open || !long ? <HtmlContent html={html} /> : <Text lh={1.7}>{chars.slice(0, LIMITS.aboutClip).join('')}…</Text>}
      {long && (
        <Anchor
          component="button"
          type="button"
          fw={600}
          mt="sm"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls="about-text"
        >
          {open ? t('public.read_less') : t('public.read_more')}
        </Anchor>
      )}
    </div>
  );
}
