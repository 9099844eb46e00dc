// The back office uses most of Mantine: the whole sheet comes with it (the public site imports per component).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { BACK_OFFICE_SCREENS, type BackOfficeScreen } from '@journals/core/rules/permissions';
import { Center, Loader, MantineThemeProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ProfilePage } from '../../features/accounts/pages/ProfilePage';
import { AuthorDashboardPage } from '../../features/submissions/pages/AuthorDashboardPage';
import { DraftsPage } from '../../features/submissions/pages/DraftsPage';
import { OriginalProposalPage } from '../../features/submissions/pages/OriginalProposalPage';
import { PaperRoute } from './PaperRoute';
import { BackOfficeShell } from './BackOfficeShell';
import { DashboardNotFoundPage, UnauthorizedPage } from './StatusPages';
import { ScreenGuard } from './ScreenGuard';
import { ScreenPage } from './ScreenPage';
import { useTranslation } from '../../lib/i18n';

/**
 * A page loaded on first use: each screen below is a chunk of its own (the wizard, the editors' dashboard, the
 * rich-text editor's screens…), so the public site and the other screens stay small.
 */
function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const PaperWizardPage = lazyPage(() => import('../../features/submissions/pages/PaperWizardPage'), 'PaperWizardPage');
const ReviewerDashboardPage = lazyPage(
  () => import('../../features/reviewing/pages/ReviewerDashboardPage'),
  'ReviewerDashboardPage',
);
/** The editor's and the handling editor's dashboard, one page for both. */
const EditorialDashboardPage = lazyPage(
  () => import('../../features/editorial/pages/EditorialDashboardPage'),
  'EditorialDashboardPage',
);
const PaperLogsPage = lazyPage(() => import('../../features/paper-logs/pages/PaperLogsPage'), 'PaperLogsPage');
const UsersPage = lazyPage(() => import('../../features/users/pages/UsersPage'), 'UsersPage');
const NewUserPage = lazyPage(() => import('../../features/users/pages/NewUserPage'), 'NewUserPage');
const EditUserPage = lazyPage(() => import('../../features/users/pages/EditUserPage'), 'EditUserPage');
const JournalDataPage = lazyPage(
  () => import('../../features/journals/journal-data/JournalDataPage'),
  'JournalDataPage',
);
const SpecializationsPage = lazyPage(
  () => import('../../features/journals/specializations/SpecializationsPage'),
  'SpecializationsPage',
);
const ReviewSheetPage = lazyPage(
  () => import('../../features/journals/review-sheet/ReviewSheetPage'),
  'ReviewSheetPage',
);
const CustomTabsPage = lazyPage(() => import('../../features/journals/custom-tabs/CustomTabsPage'), 'CustomTabsPage');
const SliderPage = lazyPage(() => import('../../features/journals/slider/SliderPage'), 'SliderPage');
const MailTemplatesPage = lazyPage(() => import('../../features/mail/MailTemplatesPage'), 'MailTemplatesPage');
const SendMailPage = lazyPage(() => import('../../features/mail/SendMailPage'), 'SendMailPage');
/** The journal's outbox and the platform's, one page. */
const OutboxPage = lazyPage(() => import('../../features/mail/OutboxPage'), 'OutboxPage');
const PlatformJournalsPage = lazyPage(
  () => import('../../features/platform/PlatformJournalsPage'),
  'PlatformJournalsPage',
);
const PlatformLandingPage = lazyPage(
  () => import('../../features/platform/PlatformLandingPage'),
  'PlatformLandingPage',
);
const PlatformHealthPage = lazyPage(() => import('../../features/platform/PlatformHealthPage'), 'PlatformHealthPage');
const PlatformUsersPage = lazyPage(() => import('../../features/platform/PlatformUsersPage'), 'PlatformUsersPage');
const DoiSettingsPage = lazyPage(
  () => import('../../features/journals/doi-settings/DoiSettingsPage'),
  'DoiSettingsPage',
);
const PaymentSettingsPage = lazyPage(
  () => import('../../features/journals/payment-settings/PaymentSettingsPage'),
  'PaymentSettingsPage',
);
/** Moving in (issue 45): the journal's past brought from another system. */
const ImportPage = lazyPage(() => import('../../features/imports/pages/ImportPage'), 'ImportPage');
const IssuesPage = lazyPage(() => import('../../features/issues/pages/IssuesPage'), 'IssuesPage');
const IssuePapersPage = lazyPage(() => import('../../features/issues/pages/IssuePapersPage'), 'IssuePapersPage');
const ArchiveIssuesPage = lazyPage(
  () => import('../../features/issues/archive-management/ArchiveIssuesPage'),
  'ArchiveIssuesPage',
);
const ArchiveIssuePapersPage = lazyPage(
  () => import('../../features/issues/archive-management/ArchiveIssuePapersPage'),
  'ArchiveIssuePapersPage',
);
const ArchivedPaperPage = lazyPage(
  () => import('../../features/issues/archive-management/ArchivedPaperPage'),
  'ArchivedPaperPage',
);

/**
 * The screens of their own chunks, each behind its screen's guard: at the screen's path, or at `path` (a screen's
 * other addresses: spec 03 §2's users/create, users/edit/{id}, the archive's issue and paper pages).
 */
const LAZY_ROUTES: { screen: BackOfficeScreen; path?: string; page: ReactNode }[] = [
  // Creating and editing a draft share one page, so the URL can move to edit/{id} without a reload.
  { screen: 'addPaper', page: <PaperWizardPage /> },
  { screen: 'addPaper', path: 'papers/edit/:id', page: <PaperWizardPage /> },
  { screen: 'reviewerDashboard', page: <ReviewerDashboardPage /> },
  { screen: 'editorDashboard', page: <EditorialDashboardPage screen="editorDashboard" /> },
  { screen: 'handlingEditorDashboard', page: <EditorialDashboardPage screen="handlingEditorDashboard" /> },
  { screen: 'paperLogs', page: <PaperLogsPage /> },
  { screen: 'keywords', page: <SpecializationsPage /> },
  { screen: 'reviewSheet', page: <ReviewSheetPage /> },
  { screen: 'customTabs', page: <CustomTabsPage /> },
  { screen: 'slider', page: <SliderPage /> },
  { screen: 'mailContent', page: <MailTemplatesPage /> },
  { screen: 'sendMail', page: <SendMailPage /> },
  { screen: 'outbox', page: <OutboxPage /> },
  { screen: 'platformJournals', page: <PlatformJournalsPage /> },
  { screen: 'platformUsers', page: <PlatformUsersPage /> },
  { screen: 'platformOutbox', page: <OutboxPage scope="platform" /> },
  { screen: 'platformLanding', page: <PlatformLandingPage /> },
  { screen: 'platformHealth', page: <PlatformHealthPage /> },
  { screen: 'payment', page: <PaymentSettingsPage /> },
  { screen: 'doiRegistration', page: <DoiSettingsPage /> },
  { screen: 'journalData', page: <JournalDataPage /> },
  { screen: 'imports', page: <ImportPage /> },
  { screen: 'users', page: <UsersPage /> },
  { screen: 'users', path: `${BACK_OFFICE_SCREENS.users.path}/create`, page: <NewUserPage /> },
  { screen: 'users', path: `${BACK_OFFICE_SCREENS.users.path}/edit/:id`, page: <EditUserPage /> },
  // The admin screens (spec 03 §2: /{slug}/admin/…): the back office mounts under admin/* too.
  { screen: 'issues', page: <IssuesPage /> },
  { screen: 'issues', path: `${BACK_OFFICE_SCREENS.issues.path}/paperIssue/:id`, page: <IssuePapersPage /> },
  { screen: 'archiveManagement', page: <ArchiveIssuesPage /> },
  {
    screen: 'archiveManagement',
    path: `${BACK_OFFICE_SCREENS.archiveManagement.path}/:volume/:issue/Papers`,
    page: <ArchiveIssuePapersPage />,
  },
  {
    screen: 'archiveManagement',
    path: `${BACK_OFFICE_SCREENS.archiveManagement.path}/Papers/:id/Edit`,
    page: <ArchivedPaperPage />,
  },
];

/** Screens with their own pages; the others show their title and an honest empty state until their area comes. */
const BUILT_SCREENS = new Set<BackOfficeScreen>([
  'profile',
  'authorDashboard',
  'drafts',
  ...LAZY_ROUTES.map((route) => route.screen),
]);
const PENDING_SCREENS = (Object.keys(BACK_OFFICE_SCREENS) as BackOfficeScreen[]).filter(
  (screen) => !BUILT_SCREENS.has(screen),
);

/**
 * Confirmation dialogs and notifications are a back-office affair (no public page shows one): they come with it. Their
 * close button is an icon: it gets its name here (axe: button-name).
 */
function DialogsAndNotifications({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeNames = useMemo(() => {
    const closeButtonProps = { 'aria-label': t('submissions.close') };
    return {
      components: {
        Notification: { defaultProps: { closeButtonProps } },
        Modal: { defaultProps: { closeButtonProps } },
      },
    };
  }, [t]);
  return (
    <MantineThemeProvider theme={closeNames}>
      <ModalsProvider>
        <Notifications position="top-center" />
        {children}
      </ModalsProvider>
    </MantineThemeProvider>
  );
}

/** A screen of its own chunk: its guard, and a loader while the chunk comes. */
function LazyScreen({ screen, children }: { screen: BackOfficeScreen; children: ReactNode }) {
  return (
    <ScreenGuard screen={screen}>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        {children}
      </Suspense>
    </ScreenGuard>
  );
}

/** /{slug}/dashboard/* and /{slug}/admin/*, loaded lazily so the public site stays small (DESIGN §8). */
export default function BackOffice() {
  return (
    <DialogsAndNotifications>
      <Routes>
        <Route element={<BackOfficeShell />}>
          <Route
            index
            element={
              <ScreenGuard screen="authorDashboard">
                <AuthorDashboardPage />
              </ScreenGuard>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.drafts.path}
            element={
              <ScreenGuard screen="drafts">
                <DraftsPage />
              </ScreenGuard>
            }
          />
          {LAZY_ROUTES.map(({ screen, path, page }) => {
            const at = path ?? BACK_OFFICE_SCREENS[screen].path;
            return <Route key={at} path={at} element={<LazyScreen screen={screen}>{page}</LazyScreen>} />;
          })}
          <Route path="papers/:id" element={<PaperRoute />} />
          <Route path="original-proposal/:code" element={<OriginalProposalPage />} />
          {PENDING_SCREENS.map((screen) => (
            <Route
              key={screen}
              path={BACK_OFFICE_SCREENS[screen].path}
              element={
                <ScreenGuard screen={screen}>
                  <ScreenPage screen={screen} />
                </ScreenGuard>
              }
            />
          ))}
          <Route
            path={BACK_OFFICE_SCREENS.profile.path}
            element={
              <ScreenGuard screen="profile">
                <ProfilePage />
              </ScreenGuard>
            }
          />
          <Route path="unauthorized" element={<UnauthorizedPage />} />
          <Route path="notfound" element={<DashboardNotFoundPage />} />
          <Route path="*" element={<DashboardNotFoundPage />} />
        </Route>
      </Routes>
    </DialogsAndNotifications>
  );
}
