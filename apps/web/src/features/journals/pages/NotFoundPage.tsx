import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../../components/NotFoundView';
import { useJournal } from '../../../lib/journal';

/** /{slug}/notfound: where a 404 answer on the public site leads (spec 03 §8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  return <NotFoundView homeTo={`/${slug}/`} homeLabel={t('common.back_home')} />;
}
