import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import { LANGUAGES, type Language } from '@journals/core/enums';
import type { InfoSection } from '@journals/core/schemas/journals';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useParams, useRoutes, type Params, type RouteObject } from 'react-router';
import {
  cachedJournalOf,
  editorialStatisticsQuery,
  journalHomeQuery,
  journalTabsQuery,
} from '../features/journals/api';
/** The archive's queries come with the archive's pages, not in every page's first load (the first-load budget). */
const archiveApi = () => import('../features/archive/api');
import { landingQuery } from '../features/platform/api';
import { applyLanguage, loadCataloguePart, targetLanguage } from '../lib/i18n';
import { preloadImage, settleWithin } from '../lib/preload';
import { sessionQuery } from '../lib/session';
import { JournalLayout } from './layouts/JournalLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyPage, type LazyPage } from './lazy-page';
import { queryClient } from './query-client';

/** The back office is its own chunk, with its catalogue areas: the public site does not download them (DESIGN §8). */
const BackOffice = lazy(async () => {
  const [backOffice] = await Promise.all([
    import('./backoffice/BackOffice'),
    loadCataloguePart('backOffice'),
    // The profile's ORCID connection.
    loadCataloguePart('links'),
  ]);
  return backOffice;
});

/**
 * The paper report (spec 01 §7), opened in a new window from an editor's list: its own chunk with the back office's
 * catalogue areas, shown in the language of its address.
 */
const reportPage = lazyPage(async () => {
  const [{ ReportRoute }] = await Promise.all([import('./reports/ReportRoute'), loadCataloguePart('backOffice')]);
  return ReportRoute;
});
const reportRoute: RouteObject = {
  path: '/:locale/:slug/Reports/Papers/:card/*',
  element: <reportPage.Page />,
  handle: {
    preload: (params) => {
      const locale = params.locale as Language;
      return Promise.all([reportPage.preload(), LANGUAGES.includes(locale) && applyLanguage(locale)]);
    },
  } satisfies RoutePreload,
};

/**
 * Every public page is its own chunk (issue 8 §4), so that a page loads only its own code: the landing page no
 * journal shell, a journal home no form library. `handle` names the chunks a route needs, for preloadRoute.
 */
const landing = lazyPage(async () => (await import('../features/platform/pages/LandingPage')).LandingPage);
const publicShell = lazyPage(async () => (await import('./layouts/PublicShell')).PublicShell);
const infoPage = (section: InfoSection) =>
  lazyPage(async () => {
    const { InfoPage } = await import('../features/journals/pages/InfoPage');
    return function Info() {
      return <InfoPage section={section} />;
    };
  });
/** The archive's pages come with the archive's catalogue areas (archive, search, full text). */
const archivePage = (load: () => Promise<ComponentType>) =>
  lazyPage(async () => (await Promise.all([load(), loadCataloguePart('archive')]))[0]);
/** Register and the ORCID register page send a logged-in user away (GuestOnly). */
const guestPage = (load: () => Promise<ComponentType>) =>
  lazyPage(async () => {
    const [{ GuestOnly }, Page] = await Promise.all([import('./layouts/GuestOnly'), load()]);
    return function Guest() {
      return (
        <GuestOnly>
          <Page />
        </GuestOnly>
      );
    };
  });

/** What a route loads before a first render: its chunk, and the answers and images its first screen shows. */
interface RoutePreload {
  preload: (params: Params) => Promise<unknown>;
}

/** The longest a first render waits for a page's answers and images; its chunks it always waits for. */
const DATA_WAIT_MS = 1500;

/** The answers a page's first screen shows, from the journal's slug and the address's other parameters. */
type PageData = (slug: string, params: Params) => Promise<unknown>;

function preloading(lazy: LazyPage, data?: PageData): RoutePreload {
  return {
    preload: (params) =>
      Promise.all([lazy.preload(), data && settleWithin(data(params.slug ?? '', params), DATA_WAIT_MS)]),
  };
}

function page(path: string | undefined, lazy: LazyPage, data?: PageData): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    element: <lazy.Page />,
    handle: preloading(lazy, data),
  };
}

// The answers a page's first screen shows, so that it renders whole and nothing moves (issue 8 §4, CLS).
const prefetch = <T,>(query: { queryKey: readonly unknown[]; queryFn: () => Promise<T> }) =>
  queryClient.prefetchQuery(query);
/** The header's account links and the menu's custom tabs. */
const shellData = (slug: string) => Promise.all([prefetch(sessionQuery(slug)), prefetch(journalTabsQuery(slug))]);
/**
 * The slides and the statistics, and the cover decoded so that it takes its height at once. The first slide (a
 * box of fixed height) is only asked for early, not waited for.
 */
const homeData = (slug: string) =>
  Promise.all([
    preloadImage(cachedJournalOf(queryClient, slug)?.coverUrl[targetLanguage()]),
    queryClient.fetchQuery(journalHomeQuery(slug)).then((home) => void preloadImage(home.homeSlider[0]?.imageUrl)),
  ]);

function JournalHomeRedirect() {
  const { slug = '' } = useParams();
  return <Navigate to={`/${slug}/`} replace />;
}

const publicRoutes: RouteObject[] = [
  page(
    undefined,
    // The home with the archive's part (the current issue, the most read papers): two features, put together here.
    lazyPage(async () => {
      const [{ HomePage }, { ArchiveHome }] = await Promise.all([
        import('../features/journals/pages/HomePage'),
        import('../features/archive/components/ArchiveHome'),
        loadCataloguePart('archive'),
      ]);
      return function Home() {
        return <HomePage archive={<ArchiveHome />} />;
      };
    }),
    async (slug) => Promise.all([homeData(slug), prefetch((await archiveApi()).archiveHomeQuery(slug))]),
  ),
  page(
    'archive',
    archivePage(async () => (await import('../features/archive/pages/ArchivePage')).ArchivePage),
    async (slug) => prefetch((await archiveApi()).archiveTimelineQuery(slug)),
  ),
  page(
    'archive/papers/:id',
    archivePage(async () => (await import('../features/archive/pages/PaperPage')).PaperPage),
    async (slug, { id }) =>
      /^\d{1,10}$/.test(id ?? '')
        ? prefetch((await archiveApi()).archivePaperQuery(slug, Number(id), targetLanguage()))
        : Promise.resolve(),
  ),
  page(
    'archive/notices/:id',
    archivePage(async () => (await import('../features/archive/pages/NoticePage')).NoticePage),
    async (slug, { id }) =>
      /^\d{1,10}$/.test(id ?? '')
        ? prefetch((await archiveApi()).archiveNoticeQuery(slug, Number(id)))
        : Promise.resolve(),
  ),
  page(
    'archive/:issue',
    archivePage(async () => (await import('../features/archive/pages/IssuePage')).IssuePage),
    async (slug, { issue }) => {
      const [{ archiveIssueQuery }, { readIssueSegment }] = await Promise.all([
        archiveApi(),
        import('../features/archive/format'),
      ]);
      const named = readIssueSegment(issue);
      return named ? prefetch(archiveIssueQuery(slug, named.volume, named.issue)) : Promise.resolve();
    },
  ),
  page(
    'search/:query?',
    archivePage(async () => (await import('../features/archive/pages/SearchPage')).SearchPage),
    // A shared search link opens with its results: one render, not the page and then its results.
    async (slug, { query }) => {
      const { criteriaOf, searchQuery } = await import('../features/archive/search-api');
      const criteria = criteriaOf(new URLSearchParams(window.location.search), query ?? '');
      return queryClient.prefetchQuery(searchQuery(slug, criteria, targetLanguage()));
    },
  ),
  page('about-us', infoPage('aboutUs')),
  page('editorial-board', infoPage('editorialBoard')),
  page('aims-scopes', infoPage('aimsAndScopes')),
  // The editorial statistics (issue 10 §4): the chart library and its catalogue area come with this page only.
  page(
    'statistics',
    lazyPage(async () => {
      const [{ StatisticsPage }] = await Promise.all([
        import('../features/journals/pages/StatisticsPage'),
        loadCataloguePart('statistics'),
      ]);
      return StatisticsPage;
    }),
    (slug) => prefetch(editorialStatisticsQuery(slug)),
  ),
  page('contact-us', infoPage('contactUs')),
  page('publish-policy', infoPage('publishPolicy')),
  page('terms-conditions', infoPage('termsAndConditions')),
  page(
    'privacy-policy',
    lazyPage(async () => (await import('../features/journals/pages/PrivacyPolicyPage')).PrivacyPolicyPage),
  ),
  page(
    'page/:tabSlug',
    lazyPage(async () => (await import('../features/journals/pages/CustomTabPage')).CustomTabPage),
  ),
  page(
    'register',
    guestPage(async () => (await import('../features/accounts/pages/RegisterPage')).RegisterPage),
    // Through the page's own chunk: the accounts API (mutations and all) stays out of every other page.
    async (slug) => prefetch((await import('../features/accounts/api')).registrationInfoQuery(slug, targetLanguage())),
  ),
  page(
    'activate',
    lazyPage(async () => (await import('../features/accounts/pages/ActivatePage')).ActivatePage),
  ),
  // A journal's invitation to an existing account (decision 0071): answered signed in, as that account.
  page(
    'join',
    lazyPage(
      async () =>
        (await Promise.all([import('../features/users/pages/JoinJournalPage'), loadCataloguePart('backOffice')]))[0]
          .JoinJournalPage,
    ),
  ),
  page(
    'recover',
    lazyPage(async () => (await import('../features/accounts/pages/ResetPasswordPage')).ResetPasswordPage),
  ),
  page(
    'auth/orcid/login',
    lazyPage(
      async () =>
        (await Promise.all([import('../features/accounts/pages/OrcidLoginPage'), loadCataloguePart('links')]))[0]
          .OrcidLoginPage,
    ),
  ),
  page(
    'auth/orcid/register',
    guestPage(
      async () =>
        (await Promise.all([import('../features/accounts/pages/OrcidRegisterPage'), loadCataloguePart('links')]))[0]
          .OrcidRegisterPage,
    ),
  ),
  page(
    'logout',
    lazyPage(async () => (await import('../features/accounts/pages/LogoutPage')).LogoutPage),
  ),
  // The review invitation mail's signed links: no sign-in.
  page(
    'review-invitation',
    lazyPage(
      async () =>
        (await Promise.all([import('../features/reviewing/pages/ReviewInvitationPage'), loadCataloguePart('links')]))[0]
          .ReviewInvitationPage,
    ),
  ),
  page(
    'reject',
    lazyPage(
      async () =>
        (await Promise.all([import('../features/reviewing/pages/RejectInvitationPage'), loadCataloguePart('links')]))[0]
          .RejectInvitationPage,
    ),
  ),
  // A bulk message's unsubscribe link: no sign-in.
  page(
    'unsubscribe',
    lazyPage(
      async () =>
        (await Promise.all([import('../features/mail/pages/UnsubscribePage'), loadCataloguePart('links')]))[0]
          .UnsubscribePage,
    ),
  ),
  page(
    'notfound',
    lazyPage(async () => (await import('../features/journals/pages/NotFoundPage')).NotFoundPage),
  ),
  // Unknown paths inside a journal go to its home (DESIGN §2).
  { path: '*', element: <JournalHomeRedirect /> },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      page('/', landing, () => prefetch(landingQuery())),
      reportRoute,
      {
        path: '/:slug',
        element: <JournalLayout />,
        children: [
          { element: <publicShell.Page />, handle: preloading(publicShell, shellData), children: publicRoutes },
          // The back office: /dashboard/… and the spec's admin screens (/admin/IssuesManagement, …), one app.
          ...['dashboard/*', 'admin/*'].map((path) => ({
            path,
            element: (
              <Suspense
                fallback={
                  <Center mih="100vh">
                    <Loader />
                  </Center>
                }
              >
                <BackOffice />
              </Suspense>
            ),
          })),
        ],
      },
    ],
  },
];

/** Loads what the pages of `pathname` need, all at once; main.tsx renders when it is there. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((match) => (match.route.handle as RoutePreload | undefined)?.preload(match.params)));
}

export function AppRoutes() {
  return useRoutes(routes);
}
