import { STATUS_COLORS } from '@journals/core/papers';
import { Badge, type BadgeProps } from '@mantine/core';
import { useDynamicT } from '../lib/i18n';

/** Text colours for palettes whose darkest shade is still too light on its own tint (orange 9 is 3.9:1). */
const DARKER_TEXT: Record<string, string> = { orange: '#a63c06', yellow: '#7a4d00' };

/**
 * A light chip whose text passes WCAG AA on its tint: Mantine's light chip writes in shade 6, below AA for orange,
 * red and green (axe: color-contrast); here the palette's darkest shade, or darker where that is not enough.
 */
export function StatusBadge({ color, ...props }: BadgeProps & { color: string; 'data-testid'?: string }) {
  return (
    <Badge
      variant="light"
      tt="none"
      // Never cut to "…" when a table squeezes its column: a state is read whole.
      miw="max-content"
      color={color}
      styles={{ label: { color: DARKER_TEXT[color] ?? `var(--mantine-color-${color}-9)` } }}
      {...props}
    />
  );
}

/** A paper's status as a chip in its status colour (spec 02 §4). */
export function PaperStatusBadge({ status, ...props }: Omit<BadgeProps, 'color' | 'children'> & { status: number }) {
  const dynamicT = useDynamicT();
  return (
    <StatusBadge color={STATUS_COLORS[status] ?? 'gray'} {...props}>
      {dynamicT(`papers.status_${status}`)}
    </StatusBadge>
  );
}
