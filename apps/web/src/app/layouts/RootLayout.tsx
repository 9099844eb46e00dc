import { Outlet, ScrollRestoration } from 'react-router';

/** Scrolls to the top after each navigation (spec 03 §2). */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
