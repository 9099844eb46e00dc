import '@mantine/core/styles/Button.layer.css';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage } from '../../../lib/i18n';

/** A link back one level, its arrow pointing to the reading direction's start. */
export function BackButton({ to, label }: { to: string; label: string }) {
  const Arrow = useLanguage() === 'ar' ? IconArrowRight : IconArrowLeft;
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      px={0}
      leftSection={<Arrow size={18} aria-hidden />}
      className="archive-no-print"
    >
      {label}
    </Button>
  );
}
