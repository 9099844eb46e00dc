import { NotFoundView } from '../../../components/NotFoundView';
import { useJournal } from '../../../lib/journal';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/notfound: where a 404 answer on the public site leads (spec 03 §8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  return <NotFoundView homeTo={`/${slug}/`} homeLabel={t('common.back_home')} />;
}
