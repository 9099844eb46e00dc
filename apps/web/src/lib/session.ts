import type { MeResponse, SessionUser } from '@journals/core/schemas/accounts';
import {
  BACK_OFFICE_SCREENS,
  GUEST,
  homeScreenOf,
  type Actor,
  type BackOfficeScreen,
} from '@journals/core/rules/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, rememberCsrfToken } from './http';

/** The logged-in user of one journal (GET /me). Shared by the public header, the accounts pages and the back office. */
export const sessionKey = (slug: string) => ['me', slug] as const;

export async function fetchSession(slug: string): Promise<MeResponse> {
  const me = await api<MeResponse>(`/api/journals/${encodeURIComponent(slug)}/me`, { globalErrors: false });
  rememberCsrfToken(me.csrfToken);
  return me;
}

/** The session query, for the hook and for loading it with a page before the page shows (router.tsx). */
export const sessionQuery = (slug: string) => ({
  queryKey: sessionKey(slug),
  queryFn: () => fetchSession(slug),
  staleTime: 60_000,
});

export function useSession(slug: string) {
  return useQuery(sessionQuery(slug));
}

/** Replaces the cached session after login, logout or a profile change. */
export function useSetSession(slug: string) {
  const client = useQueryClient();
  return (me: MeResponse | null) => {
    if (me) rememberCsrfToken(me.csrfToken);
    client.setQueryData<MeResponse>(sessionKey(slug), (old) => ({
      user: me?.user ?? null,
      csrfToken: me?.csrfToken ?? old?.csrfToken ?? '',
    }));
  };
}

export function actorOf(user: SessionUser | null | undefined): Actor {
  if (!user) return GUEST;
  return { roles: user.roles, editorType: user.editorType, isPlatformAdmin: user.isPlatformAdmin };
}

/** A screen's address: under /{slug}/dashboard/, or /{slug}/admin/ for the screens spec 03 §2 routes there. */
export function dashboardPath(slug: string, screen: BackOfficeScreen = 'authorDashboard'): string {
  const entry: { path: string; area?: 'admin' } = BACK_OFFICE_SCREENS[screen];
  return `/${slug}/${entry.area ?? 'dashboard'}/${entry.path}`;
}

/** Where a user goes after logging in: the dashboard of the role, or null to stay on the public site. */
export function landingPathOf(slug: string, user: SessionUser | null | undefined): string | null {
  const screen = homeScreenOf(actorOf(user));
  return screen ? dashboardPath(slug, screen) : null;
}
