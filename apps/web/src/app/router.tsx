import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { ActivatePage } from '../features/accounts/pages/ActivatePage';
import { LogoutPage } from '../features/accounts/pages/LogoutPage';
import { OrcidLoginPage } from '../features/accounts/pages/OrcidLoginPage';
import { OrcidRegisterPage } from '../features/accounts/pages/OrcidRegisterPage';
import { RegisterPage } from '../features/accounts/pages/RegisterPage';
import { ResetPasswordPage } from '../features/accounts/pages/ResetPasswordPage';
import { ArchivePage } from '../features/journals/pages/ArchivePage';
import { CustomTabPage } from '../features/journals/pages/CustomTabPage';
import { HomePage } from '../features/journals/pages/HomePage';
import { InfoPage } from '../features/journals/pages/InfoPage';
import { NotFoundPage } from '../features/journals/pages/NotFoundPage';
import { PrivacyPolicyPage } from '../features/journals/pages/PrivacyPolicyPage';
import { SearchPage } from '../features/journals/pages/SearchPage';
import { LandingPage } from '../features/platform/pages/LandingPage';
import { GuestOnly } from './layouts/GuestOnly';
import { JournalLayout } from './layouts/JournalLayout';
import { PublicShell } from './layouts/PublicShell';
import { RootLayout } from './layouts/RootLayout';

/** The back office is its own chunk: the public site does not download it (DESIGN §8). */
const BackOffice = lazy(() => import('./backoffice/BackOffice'));

function JournalHomeRedirect() {
  const { slug = '' } = useParams();
  return <Navigate to={`/${slug}/`} replace />;
}

const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'archive', element: <ArchivePage /> },
  { path: 'search/:query?', element: <SearchPage /> },
  { path: 'about-us', element: <InfoPage section="aboutUs" /> },
  { path: 'editorial-board', element: <InfoPage section="editorialBoard" /> },
  { path: 'aims-scopes', element: <InfoPage section="aimsAndScopes" /> },
  { path: 'contact-us', element: <InfoPage section="contactUs" /> },
  { path: 'publish-policy', element: <InfoPage section="publishPolicy" /> },
  { path: 'terms-conditions', element: <InfoPage section="termsAndConditions" /> },
  { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
  { path: 'page/:tabSlug', element: <CustomTabPage /> },
  {
    path: 'register',
    element: (
      <GuestOnly>
        <RegisterPage />
      </GuestOnly>
    ),
  },
  { path: 'activate', element: <ActivatePage /> },
  { path: 'recover', element: <ResetPasswordPage /> },
  { path: 'auth/orcid/login', element: <OrcidLoginPage /> },
  {
    path: 'auth/orcid/register',
    element: (
      <GuestOnly>
        <OrcidRegisterPage />
      </GuestOnly>
    ),
  },
  { path: 'logout', element: <LogoutPage /> },
  { path: 'notfound', element: <NotFoundPage /> },
  // Unknown paths inside a journal go to its home (DESIGN §2).
  { path: '*', element: <JournalHomeRedirect /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/:slug',
        element: <JournalLayout />,
        children: [
          { element: <PublicShell />, children: publicRoutes },
          {
            path: 'dashboard/*',
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
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
