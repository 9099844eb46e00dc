import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setGlobalErrorListener, type ApiError } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { sessionKey } from '../../lib/session';

/**
 * Spec 03 §8: 401 shows the session-expired dialog then goes to the journal home; 403 goes to the unauthorized
 * screen; 404 goes to the not-found screen of the current area (public site or dashboard).
 */
export function useGlobalErrors(slug: string): void {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const dialogOpen = useRef(false);

  useEffect(() => {
    const home = `/${slug}/`;
    const listener = (error: ApiError) => {
      if (error.status === 401) {
        if (dialogOpen.current) return;
        dialogOpen.current = true;
        const leave = () => {
          dialogOpen.current = false;
          client.setQueryData(sessionKey(slug), (old: { csrfToken: string } | undefined) => ({
            user: null,
            csrfToken: old?.csrfToken ?? '',
          }));
          modals.closeAll();
          navigate(home, { replace: true });
        };
        modals.open({
          title: i18n.t('common.session_expired_title'),
          centered: true,
          withCloseButton: false,
          closeOnClickOutside: false,
          closeOnEscape: false,
          children: (
            <Stack gap="md">
              <Text>{i18n.t('errors.unauthenticated')}</Text>
              <Button onClick={leave}>{i18n.t('common.ok')}</Button>
            </Stack>
          ),
        });
      } else if (error.status === 403) {
        navigate(`/${slug}/dashboard/unauthorized`, { replace: true });
      } else if (error.status === 404) {
        const inDashboard = pathname.current.startsWith(`/${slug}/dashboard`);
        navigate(inDashboard ? `/${slug}/dashboard/notfound` : `/${slug}/notfound`, { replace: true });
      }
    };
    setGlobalErrorListener(listener);
    return () => setGlobalErrorListener(null);
  }, [slug, navigate, client]);
}
