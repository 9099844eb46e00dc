import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setGlobalErrorListener, type ApiError } from '../../lib/http';
import { sessionKey } from '../../lib/session';

// The dialog (Mantine's Modal) loads only when a session expires, not with every page.
const SessionExpiredDialog = lazy(() => import('./SessionExpiredDialog'));

/**
 * Spec 03 §8: 401 shows the session-expired dialog then goes to the journal home; 403 goes to the unauthorized
 * screen; 404 goes to the not-found screen of the current area (public site or dashboard). Answers the dialog,
 * for the layout to render.
 */
export function useGlobalErrors(slug: string): ReactNode {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const [expired, setExpired] = useState(false);

  const leave = useCallback(() => {
    setExpired(false);
    client.setQueryData(sessionKey(slug), (old: { csrfToken: string } | undefined) => ({
      user: null,
      csrfToken: old?.csrfToken ?? '',
    }));
    navigate(`/${slug}/`, { replace: true });
  }, [slug, navigate, client]);

  useEffect(() => {
    const listener = (error: ApiError) => {
      if (error.status === 401) {
        setExpired(true);
      } else if (error.status === 403) {
        navigate(`/${slug}/dashboard/unauthorized`, { replace: true });
      } else if (error.status === 404) {
        // The back office answers at /dashboard/… and at the spec's /admin/… screens.
        const inDashboard = [`/${slug}/dashboard`, `/${slug}/admin/`].some((start) =>
          pathname.current.startsWith(start),
        );
        navigate(inDashboard ? `/${slug}/dashboard/notfound` : `/${slug}/notfound`, { replace: true });
      }
    };
    setGlobalErrorListener(listener);
    return () => setGlobalErrorListener(null);
  }, [slug, navigate]);

  if (!expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog onLeave={leave} />
    </Suspense>
  );
}
