import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './search.css';
import { formatNumber } from '@journals/core/format';
import {
  Button,
  EmptyState,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useJournal, usePageTitle } from '../../../lib/journal';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { criteriaOf, queryStringOf, type SearchCriteria, useSearch } from '../search-api';
import { SearchFacets, SearchHitCard } from './SearchPageParts';
import { SearchRefusal } from './SearchRefusal';

/**
 * /{slug}/search/{words?}?search=&CorrespondingAuthor=&JointAuthors=&KeyWords=&Specializations=&page= (spec 03
 * "Search page"; issue 21 §4): the address is the search, so a link shares it and the form starts from it. The
 * results come ten a page with the side facets; the words found are marked; a refused or failed search says what the
 * reader can do (SearchRefusal).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  usePageTitle(t('search.title'));
  const navigate = useNavigate();
  const { query: pathWords = '' } = useParams();
  const [params] = useSearchParams();
  const criteria = criteriaOf(params, pathWords);
  const search = useSearch(slug, criteria, language);

  const go = (next: SearchCriteria) => {
    const query = queryStringOf(next).toString();
    navigate(`/${slug}/search${query ? `?${query}` : ''}`);
  };
  const toggle = <T,>(values: T[], value: T, on: boolean) =>
    on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);

  const answer = search.data;
  const pages = answer ? Math.ceil(answer.total / answer.pageSize) : 0;
  const filtered = criteria.KeyWords.length > 0 || criteria.Specializations.length > 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('search.title')}</Title>
        <Text>{t('search.intro')}</Text>
      </Stack>
      <SearchForm
        criteria={criteria}
        onSearch={(words) => go({ ...criteria, ...words, KeyWords: [], Specializations: [], page: 1 })}
      />
      {search.isError ? (
        <SearchRefusal error={search.error} onRetry={() => void search.refetch()} />
      ) : !answer ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack gap="md" align="flex-start">
              <SearchFacets
                facets={answer.facets}
                countedAmong={answer.facetsCountedAmong ?? undefined}
                specializations={criteria.Specializations}
                keywords={criteria.KeyWords}
                onSpecialization={(id, on) =>
                  go({ ...criteria, Specializations: toggle(criteria.Specializations, id, on), page: 1 })
                }
                onKeyword={(keyword, on) =>
                  go({ ...criteria, KeyWords: toggle(criteria.KeyWords, keyword, on), page: 1 })
                }
              />
              {filtered && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => go({ ...criteria, KeyWords: [], Specializations: [], page: 1 })}
                >
                  {t('search.clear')}
                </Button>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md" className="search-results" aria-busy={search.isFetching}>
              <Text fw={600} role="status" data-testid="search-total">
                {answer.more
                  ? t('search.results_more', { count: formatNumber(answer.total, language) })
                  : t('search.results', { count: answer.total })}
              </Text>
              {answer.items.length === 0 ? (
                <Paper withBorder radius="lg" p="xl">
                  <EmptyState
                    icon={<IconSearch aria-hidden />}
                    title={t('search.none')}
                    description={t('search.none_text')}
                  />
                </Paper>
              ) : (
                answer.items.map((hit) => <SearchHitCard key={hit.id} slug={slug} hit={hit} />)
              )}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={criteria.page}
                  onChange={(page) => {
                    go({ ...criteria, page });
                    window.scrollTo({ top: 0 });
                  }}
                  aria-label={t('search.pages')}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

type Words = Pick<SearchCriteria, 'search' | 'CorrespondingAuthor' | 'JointAuthors'>;

const wordsOf = (criteria: SearchCriteria): Words => ({
  search: criteria.search,
  CorrespondingAuthor: criteria.CorrespondingAuthor,
  JointAuthors: criteria.JointAuthors,
});
const sameWords = (a: Words, b: Words) =>
  a.search === b.search && a.CorrespondingAuthor === b.CorrespondingAuthor && a.JointAuthors === b.JointAuthors;

/**
 * The search box and the two author fields, filled from the address: again when the address brings other words (a
 * shared link, the browser's back button), never when it only catches up with the search just made — what the
 * reader types meanwhile stays.
 */
function SearchForm({ criteria, onSearch }: { criteria: SearchCriteria; onSearch: (words: Words) => void }) {
  const { t } = useTranslation();
  const fromAddress = wordsOf(criteria);
  const [words, setWords] = useState<Words>(fromAddress);
  // The address's words the form last took, or the words it last sent there.
  const [taken, setTaken] = useState<Words>(fromAddress);
  if (!sameWords(fromAddress, taken)) {
    setTaken(fromAddress);
    setWords(fromAddress);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // As the address will hold them (queryStringOf trims them).
    setTaken({
      search: words.search.trim(),
      CorrespondingAuthor: words.CorrespondingAuthor.trim(),
      JointAuthors: words.JointAuthors.trim(),
    });
    onSearch(words);
  };
  const field = (name: keyof Words) => ({
    value: words[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setWords((current) => ({ ...current, [name]: event.currentTarget.value })),
  });
  return (
    <form onSubmit={submit} role="search">
      <Stack gap="sm">
        <TextInput
          label={t('search.words')}
          placeholder={t('search.words_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={200}
          {...field('search')}
        />
        <Group align="flex-end" gap="sm">
          <TextInput
            flex="1 1 14rem"
            label={t('search.corresponding_author')}
            maxLength={100}
            {...field('CorrespondingAuthor')}
          />
          <TextInput flex="1 1 14rem" label={t('search.joint_authors')} maxLength={100} {...field('JointAuthors')} />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
