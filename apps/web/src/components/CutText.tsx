import { truncate } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import { Tooltip } from '@mantine/core';

/**
 * A table cell's text cut at LIMITS.tableTitleCut characters (spec 03), the whole of it in a tooltip that the
 * keyboard reaches too; shorter text as it is.
 */
export function CutText({ text, max = LIMITS.tableTitleCut }: { text: string; max?: number }) {
  if (Array.from(text).length <= max) return <>{text}</>;
  return (
    <Tooltip label={text} multiline maw={360}>
      <span tabIndex={0}>{truncate(text, max)}</span>
    </Tooltip>
  );
}
