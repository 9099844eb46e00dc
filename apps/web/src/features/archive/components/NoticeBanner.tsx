import '@mantine/core/styles/Alert.layer.css';
import type { Language } from '@journals/core/enums';
import type { MessageKey } from '@journals/core/i18n/index';
import type { NoticeKind } from '@journals/core/rules/notices';
import type { PublicNotice } from '@journals/core/schemas/notices';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { longDate } from '../format';
import { Localized, localizedTitle } from './Localized';

/** Each kind's colour and icon: a retraction red, an expression of concern orange, a correction blue. */
const LOOK: Record<NoticeKind, { color: string; Icon: typeof IconBan }> = {
  retraction: { color: 'red', Icon: IconBan },
  expressionOfConcern: { color: 'orange', Icon: IconAlertTriangle },
  correction: { color: 'blue', Icon: IconInfoCircle },
};

/**
 * A notice about the paper (decision 0087) as its page shows it: a banner of its kind with its date and its text in
 * the page's language (else the other one, marked with its own language and direction), in the page's direction,
 * and a link to the notice's own page (decision 0088).
 */
export function NoticeBanner({ notice }: { notice: PublicNotice }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const { color, Icon } = LOOK[notice.kind];
  const text = localizedTitle(notice.text, language);
  const dir = (each: Language) => (each === 'ar' ? 'rtl' : 'ltr');
  return (
    <Alert
      role="note"
      variant="light"
      color={color}
      radius="lg"
      dir={dir(language)}
      icon={<Icon size={22} aria-hidden />}
      title={`${t(`archive.notice_${notice.kind}` as MessageKey)} · ${t('archive.notice_date', { date: longDate(notice.noticeDate, language) })}`}
      data-notice={notice.kind}
      className="archive-notice"
    >
      <Text className="archive-abstract" component="div">
        <Localized text={text} />
      </Text>
      {notice.doi && (
        <Text size="sm" mt="xs">
          {t('archive.notice_doi')}:{' '}
          <Anchor href={`https://doi.org/${notice.doi}`} dir="ltr">
            https://doi.org/{notice.doi}
          </Anchor>
        </Text>
      )}
      <Anchor component={Link} to={`/${slug}/archive/notices/${notice.id}`} size="sm" mt="xs" display="inline-block">
        {t('archive.notice_read')}
      </Anchor>
    </Alert>
  );
}
