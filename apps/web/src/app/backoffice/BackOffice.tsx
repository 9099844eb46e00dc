import { BACK_OFFICE_SCREENS, type BackOfficeScreen } from '@journals/core/rules/permissions';
import { Route, Routes } from 'react-router';
import { ProfilePage } from '../../features/accounts/pages/ProfilePage';
import { BackOfficeShell } from './BackOfficeShell';
import { DashboardNotFoundPage, UnauthorizedPage } from './StatusPages';
import { ScreenGuard } from './ScreenGuard';
import { ScreenPage } from './ScreenPage';

/** Screens whose real content comes with later areas; each shows its title and an honest empty state. */
const PENDING_SCREENS = (Object.keys(BACK_OFFICE_SCREENS) as BackOfficeScreen[]).filter(
  (screen) => screen !== 'profile' && screen !== 'authorDashboard',
);

/** /{slug}/dashboard/*, loaded lazily so the public site stays small (DESIGN §8). */
export default function BackOffice() {
  return (
    <Routes>
      <Route element={<BackOfficeShell />}>
        <Route
          index
          element={
            <ScreenGuard screen="authorDashboard">
              <ScreenPage screen="authorDashboard" />
            </ScreenGuard>
          }
        />
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
  );
}
