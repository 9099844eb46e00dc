// The back office uses most of Mantine: the whole sheet comes with it (the public site imports per component).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { BACK_OFFICE_SCREENS, type BackOfficeScreen } from '@journals/core/rules/permissions';
import { Center, Loader, MantineThemeProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
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

/** The submission wizard (its steps, the file upload) is the back office's largest page: its own chunk. */
const PaperWizardPage = lazy(async () => ({
  default: (await import('../../features/submissions/pages/PaperWizardPage')).PaperWizardPage,
}));

/** The reviewer's dashboard and its dialogs (the review sheet): their own chunk. */
const ReviewerDashboardPage = lazy(async () => ({
  default: (await import('../../features/reviewing/pages/ReviewerDashboardPage')).ReviewerDashboardPage,
}));

/** The editor's and the handling editor's dashboard, one page for both, with its list dialog: one chunk. */
const EditorialDashboardPage = lazy(async () => ({
  default: (await import('../../features/editorial/pages/EditorialDashboardPage')).EditorialDashboardPage,
}));

/** The paper logs and one paper's log dialog: their own chunk. */
const PaperLogsPage = lazy(async () => ({
  default: (await import('../../features/paper-logs/pages/PaperLogsPage')).PaperLogsPage,
}));

/** The journal's users: their own chunk. */
const UsersPage = lazy(async () => ({
  default: (await import('../../features/users/pages/UsersPage')).UsersPage,
}));
const NewUserPage = lazy(async () => ({
  default: (await import('../../features/users/pages/NewUserPage')).NewUserPage,
}));
const EditUserPage = lazy(async () => ({
  default: (await import('../../features/users/pages/EditUserPage')).EditUserPage,
}));

/** The journal data screen and its rich-text editor (Tiptap): their own chunk. */
const JournalDataPage = lazy(async () => ({
  default: (await import('../../features/journals/journal-data/JournalDataPage')).JournalDataPage,
}));

/** The specializations and keywords screen: its own chunk. */
const SpecializationsPage = lazy(async () => ({
  default: (await import('../../features/journals/specializations/SpecializationsPage')).SpecializationsPage,
}));

/** The review-sheet questions screen: its own chunk. */
const ReviewSheetPage = lazy(async () => ({
  default: (await import('../../features/journals/review-sheet/ReviewSheetPage')).ReviewSheetPage,
}));

/** The custom tabs screen (with the rich-text editor): its own chunk. */
const CustomTabsPage = lazy(async () => ({
  default: (await import('../../features/journals/custom-tabs/CustomTabsPage')).CustomTabsPage,
}));

/** The news slider screen (with the carousel of its preview): its own chunk. */
const SliderPage = lazy(async () => ({
  default: (await import('../../features/journals/slider/SliderPage')).SliderPage,
}));

/** The outbox screen: its own chunk. */
const MailTemplatesPage = lazy(async () => ({
  default: (await import('../../features/mail/MailTemplatesPage')).MailTemplatesPage,
}));
const SendMailPage = lazy(async () => ({
  default: (await import('../../features/mail/SendMailPage')).SendMailPage,
}));
const PlatformJournalsPage = lazy(async () => ({
  default: (await import('../../features/platform/PlatformJournalsPage')).PlatformJournalsPage,
}));
const OutboxPage = lazy(async () => ({
  default: (await import('../../features/mail/OutboxPage')).OutboxPage,
}));

/** The payment settings screen: its own chunk. */
const PaymentSettingsPage = lazy(async () => ({
  default: (await import('../../features/journals/payment-settings/PaymentSettingsPage')).PaymentSettingsPage,
}));

/** Issues management: the issues list and an issue's papers, one chunk. */
const IssuesPage = lazy(async () => ({
  default: (await import('../../features/issues/pages/IssuesPage')).IssuesPage,
}));
const IssuePapersPage = lazy(async () => ({
  default: (await import('../../features/issues/pages/IssuePapersPage')).IssuePapersPage,
}));

/** Archive management: the issues table, an issue's papers and the archived paper's form, one chunk. */
const ArchiveIssuesPage = lazy(async () => ({
  default: (await import('../../features/issues/archive-management/ArchiveIssuesPage')).ArchiveIssuesPage,
}));
const ArchiveIssuePapersPage = lazy(async () => ({
  default: (await import('../../features/issues/archive-management/ArchiveIssuePapersPage')).ArchiveIssuePapersPage,
}));
const ArchivedPaperPage = lazy(async () => ({
  default: (await import('../../features/issues/archive-management/ArchivedPaperPage')).ArchivedPaperPage,
}));

/** Screens with their own pages; the others show their title and an honest empty state until their area comes. */
const BUILT_SCREENS: BackOfficeScreen[] = [
  'profile',
  'authorDashboard',
  'drafts',
  'addPaper',
  'reviewerDashboard',
  'editorDashboard',
  'handlingEditorDashboard',
  'paperLogs',
  'issues',
  'archiveManagement',
  'users',
  'journalData',
  'keywords',
  'reviewSheet',
  'customTabs',
  'slider',
  'outbox',
  'mailContent',
  'sendMail',
  'platformJournals',
  'platformOutbox',
  'payment',
];
const PENDING_SCREENS = (Object.keys(BACK_OFFICE_SCREENS) as BackOfficeScreen[]).filter(
  (screen) => !BUILT_SCREENS.includes(screen),
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
          {/* Creating and editing a draft share one page, so the URL can move to edit/{id} without a reload. */}
          {[BACK_OFFICE_SCREENS.addPaper.path, 'papers/edit/:id'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <LazyScreen screen="addPaper">
                  <PaperWizardPage />
                </LazyScreen>
              }
            />
          ))}
          <Route
            path={BACK_OFFICE_SCREENS.reviewerDashboard.path}
            element={
              <LazyScreen screen="reviewerDashboard">
                <ReviewerDashboardPage />
              </LazyScreen>
            }
          />
          {(['editorDashboard', 'handlingEditorDashboard'] as const).map((screen) => (
            <Route
              key={screen}
              path={BACK_OFFICE_SCREENS[screen].path}
              element={
                <LazyScreen screen={screen}>
                  <EditorialDashboardPage screen={screen} />
                </LazyScreen>
              }
            />
          ))}
          <Route
            path={BACK_OFFICE_SCREENS.paperLogs.path}
            element={
              <LazyScreen screen="paperLogs">
                <PaperLogsPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.keywords.path}
            element={
              <LazyScreen screen="keywords">
                <SpecializationsPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.reviewSheet.path}
            element={
              <LazyScreen screen="reviewSheet">
                <ReviewSheetPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.customTabs.path}
            element={
              <LazyScreen screen="customTabs">
                <CustomTabsPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.slider.path}
            element={
              <LazyScreen screen="slider">
                <SliderPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.mailContent.path}
            element={
              <LazyScreen screen="mailContent">
                <MailTemplatesPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.sendMail.path}
            element={
              <LazyScreen screen="sendMail">
                <SendMailPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.platformJournals.path}
            element={
              <LazyScreen screen="platformJournals">
                <PlatformJournalsPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.platformOutbox.path}
            element={
              <LazyScreen screen="platformOutbox">
                <OutboxPage scope="platform" />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.outbox.path}
            element={
              <LazyScreen screen="outbox">
                <OutboxPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.payment.path}
            element={
              <LazyScreen screen="payment">
                <PaymentSettingsPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.journalData.path}
            element={
              <LazyScreen screen="journalData">
                <JournalDataPage />
              </LazyScreen>
            }
          />
          <Route
            path={BACK_OFFICE_SCREENS.users.path}
            element={
              <LazyScreen screen="users">
                <UsersPage />
              </LazyScreen>
            }
          />
          {/* spec 03 §2: users/create, users/edit/{id} */}
          <Route
            path={`${BACK_OFFICE_SCREENS.users.path}/create`}
            element={
              <LazyScreen screen="users">
                <NewUserPage />
              </LazyScreen>
            }
          />
          <Route
            path={`${BACK_OFFICE_SCREENS.users.path}/edit/:id`}
            element={
              <LazyScreen screen="users">
                <EditUserPage />
              </LazyScreen>
            }
          />
          {/* The admin screens (spec 03 §2: /{slug}/admin/…): the back office mounts under admin/* too. */}
          <Route
            path={BACK_OFFICE_SCREENS.issues.path}
            element={
              <LazyScreen screen="issues">
                <IssuesPage />
              </LazyScreen>
            }
          />
          <Route
            path={`${BACK_OFFICE_SCREENS.issues.path}/paperIssue/:id`}
            element={
              <LazyScreen screen="issues">
                <IssuePapersPage />
              </LazyScreen>
            }
          />
          {(
            [
              ['', <ArchiveIssuesPage key="issues" />],
              ['/:volume/:issue/Papers', <ArchiveIssuePapersPage key="papers" />],
              ['/Papers/:id/Edit', <ArchivedPaperPage key="paper" />],
            ] as const
          ).map(([suffix, page]) => (
            <Route
              key={suffix}
              path={`${BACK_OFFICE_SCREENS.archiveManagement.path}${suffix}`}
              element={<LazyScreen screen="archiveManagement">{page}</LazyScreen>}
            />
          ))}
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
