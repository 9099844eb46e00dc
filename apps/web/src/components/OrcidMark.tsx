import { orcidUrl } from '@journals/core/rules/orcid';
import { useTranslation } from '../lib/i18n';
import { OrcidIcon } from './OrcidIcon';

/**
 * An author's ORCID iD beside their name (issue 46 §3): the iD mark as a link to https://orcid.org/{iD}, named for a
 * screen reader by the author ("ORCID iD of Huda Main"). The mark sits after the name in the line's own direction, so
 * it follows the name on the left in English and on the left of an Arabic name read from the right.
 */
export function OrcidLink({ orcid, name }: { orcid: string; name: string }) {
  const { t } = useTranslation();
  const url = orcidUrl(orcid);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('common.orcid_of', { name })}
      title={url}
      data-testid="orcid-link"
      style={{ display: 'inline-flex', verticalAlign: 'middle', marginInlineStart: '0.3em' }}
    >
      <OrcidIcon size={16} />
    </a>
  );
}
