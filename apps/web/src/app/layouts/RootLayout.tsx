import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';

/**
 * Scrolls to the top after each navigation (spec 03 §2). Back and forward keep the browser's own restoring; a
 * change of the query alone (a page tidying its address, like the profile after ORCID) keeps the place.
 */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(location);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (before.key === location.key || navigationType === 'POP') return;
    if (before.pathname === location.pathname && before.search !== location.search) return;
    window.scrollTo(0, 0);
  }, [location, navigationType]);
  return <Outlet />;
}
