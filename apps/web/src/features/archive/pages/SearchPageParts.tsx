import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { MarkedText, SearchHit, SearchResponse } from '@journals/core/schemas/search';
import { formatDay, formatNumber } from '@journals/core/format';
import { Anchor, Badge, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { FullTextLink } from '../FullTextLink';
import { NoticeMark } from '../components/NoticeMark';

/** The words a search matched, marked: each piece is text (never HTML), the matched ones inside <mark>. */
/** Marked text as plain text (an accessible name). */
const plain = (pieces: MarkedText) => pieces.map((piece) => piece.text).join('');

export function Marked({ pieces }: { pieces: MarkedText }) {
  return <>{pieces.map((piece, index) => (piece.match ? <mark key={index}>{piece.text}</mark> : piece.text))}</>;
}

const direction = (language: 'en' | 'ar') => (language === 'ar' ? 'rtl' : 'ltr');

/** One result: title (to the paper's page), subtitle, authors, excerpt, specializations, keywords, full text. */
export function SearchHitCard({ slug, hit }: { slug: string; hit: SearchHit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = `search-hit-${hit.id}`;
  const authors = [hit.correspondingAuthor, ...hit.jointAuthors].filter(Boolean);
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      data-testid="search-hit"
    >
      <Stack gap={6}>
        {hit.mark && (
          <div>
            <NoticeMark mark={hit.mark} />
          </div>
        )}
        <Title order={2} size="h4" id={titleId} lang={hit.titleLanguage} dir={direction(hit.titleLanguage)}>
          <Anchor component={Link} to={`/${slug}/archive/papers/${hit.id}`} inherit>
            <Marked pieces={hit.title} />
          </Anchor>
        </Title>
        {hit.subtitle.length > 0 && (
          <Text fw={500}>
            <Marked pieces={hit.subtitle} />
          </Text>
        )}
        {authors.length > 0 && (
          <Text size="sm">{t('search.by', { names: authors.join(language === 'ar' ? '، ' : ', ') })}</Text>
        )}
        {hit.publishDate && (
          <Text size="sm">{t('search.published_on', { date: formatDay(hit.publishDate, language) })}</Text>
        )}
        {hit.excerpt.length > 0 && (
          <Text size="sm" lang={hit.excerptLanguage} dir={direction(hit.excerptLanguage)}>
            <Marked pieces={hit.excerpt} />
          </Text>
        )}
        {(hit.specializations.length > 0 || hit.keywords.length > 0) && (
          <Group gap={6}>
            {hit.specializations.map((specialization) => (
              <Badge key={`s${specialization.id}`} variant="light" radius="sm">
                {specialization.name}
              </Badge>
            ))}
            {hit.keywords.map((keyword) => (
              <Badge key={`k${keyword}`} variant="outline" color="gray" radius="sm" tt="none">
                {keyword}
              </Badge>
            ))}
          </Group>
        )}
        {hit.downloadLink && (
          // The reader's own access (a member, the paper's editors) decides between the PDF and "members only".
          <FullTextLink
            slug={slug}
            paperId={hit.id}
            title={plain(hit.title)}
            variant="link"
            retracted={hit.mark === 'retraction'}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface FacetsProps {
  facets: SearchResponse['facets'];
  specializations: number[];
  keywords: string[];
  onSpecialization: (id: number, on: boolean) => void;
  onKeyword: (keyword: string, on: boolean) => void;
  /** More papers matched than were counted (decision 0034): the counts are among the first `countedAmong`. */
  countedAmong?: number;
}

/** The side facets: checkboxes with counts, several values of a facet ORed, the two facets ANDed. */
export function SearchFacets({
  facets,
  specializations,
  keywords,
  onSpecialization,
  onKeyword,
  countedAmong,
}: FacetsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = (n: number) => formatNumber(n, language);
  return (
    <Stack gap="lg" component="nav" aria-label={t('search.facets')} data-testid="search-facets">
      {countedAmong !== undefined && (
        <Text size="sm" c="gray.7" data-testid="search-facets-counted">
          {t('search.facets_counted', { count: count(countedAmong) })}
        </Text>
      )}
      <Facet
        label={t('search.specializations')}
        values={facets.specializations.map((facet) => ({
          key: String(facet.id),
          label: `${facet.name} (${count(facet.count)})`,
          checked: specializations.includes(facet.id),
          change: (on: boolean) => onSpecialization(facet.id, on),
        }))}
      />
      <Facet
        label={t('search.keywords')}
        values={facets.keywords.map((facet) => ({
          key: facet.value,
          label: `${facet.value} (${count(facet.count)})`,
          checked: keywords.includes(facet.value),
          change: (on: boolean) => onKeyword(facet.value, on),
        }))}
      />
    </Stack>
  );
}

interface FacetValue {
  key: string;
  label: string;
  checked: boolean;
  change: (on: boolean) => void;
}

/** One facet: a group of checkboxes under its name, its list scrolling when long (spec 03). */
function Facet({ label, values }: { label: string; values: FacetValue[] }) {
  if (!values.length) return null;
  return (
    <fieldset className="search-facet">
      <legend>{label}</legend>
      <Stack gap={8} className="search-facet-values">
        {values.map((value) => (
          <Checkbox
            key={value.key}
            label={value.label}
            checked={value.checked}
            onChange={(event) => value.change(event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}
