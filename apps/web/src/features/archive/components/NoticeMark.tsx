import '../pages/archive.css';
import type { MessageKey } from '@journals/core/i18n/index';
import type { NoticeKind } from '@journals/core/rules/notices';
import { IconAlertTriangle, IconBan, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

/**
 * Each kind's look (decision 0089): dark text on a pale ground of the banner's hue, every pair at a contrast of 7:1
 * or more, and the word itself, so the colour is never the only sign.
 */
const LOOK: Record<NoticeKind, { Icon: typeof IconBan; color: string; background: string; border: string }> = {
  retraction: { Icon: IconBan, color: '#9b1c1c', background: '#fff5f5', border: '#ffa8a8' },
  expressionOfConcern: { Icon: IconAlertTriangle, color: '#7c3100', background: '#fff4e6', border: '#ffc078' },
  correction: { Icon: IconInfoCircle, color: '#174a82', background: '#e7f5ff', border: '#a5d8ff' },
};

/**
 * The mark of a paper's gravest notice where a list shows the paper (the issue page, the home, search results):
 * "Retracted", "Expression of concern" or "Corrected", in the page's language.
 */
export function NoticeMark({ mark }: { mark: NoticeKind | null | undefined }) {
  const { t } = useTranslation();
  if (!mark) return null;
  const { Icon, color, background, border } = LOOK[mark];
  return (
    <span className="archive-notice-mark" data-mark={mark} style={{ color, background, borderColor: border }}>
      <Icon size={14} aria-hidden />
      {t(`archive.mark_${mark}` as MessageKey)}
    </span>
  );
}
