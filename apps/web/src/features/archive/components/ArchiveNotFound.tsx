import { NotFoundView } from '../../../components/NotFoundView';
import { useTranslation } from '../../../lib/i18n';

/**
 * The not-found screen of a known archive address whose object is missing or still in press
 * (`archive/vol-9-i-9`, `archive/papers/999999`): the server's message, and the way back to the archive.
 */
export function ArchiveNotFound({ slug, message }: { slug: string; message?: string }) {
  const { t } = useTranslation();
  return <NotFoundView homeTo={`/${slug}/archive`} homeLabel={t('archive.back_to_archive')} message={message} />;
}
