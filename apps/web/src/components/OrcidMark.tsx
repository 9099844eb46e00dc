import { orcidUrl } from '@journals/core/rules/orcid';
import { useTranslation } from '../lib/i18n';

/** ORCID's iD mark: a green circle with "iD" (ORCID's brand guidelines), decorative beside its text. */
export function OrcidIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 256 256" aria-hidden focusable="false">
      <circle cx="128" cy="128" r="128" fill="#A6CE39" />
      <path
        fill="#fff"
        d="M86.3 186.2H70.9V79.1h15.4v107.1zM108.9 79.1h41.6c39.6 0 57 28.3 57 53.6 0 27.5-21.5 53.6-56.8 53.6h-41.8V79.1zm15.4 93.3h24.5c34.9 0 42.9-26.5 42.9-39.7 0-21.5-13.7-39.7-43.7-39.7h-23.7v79.4zM88.7 56.8c0 5.5-4.5 10.1-10.1 10.1s-10.1-4.6-10.1-10.1c0-5.6 4.5-10.1 10.1-10.1s10.1 4.6 10.1 10.1z"
      />
    </svg>
  );
}

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
