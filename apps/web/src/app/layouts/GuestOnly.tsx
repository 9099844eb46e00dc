import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useJournal } from '../../lib/journal';
import { landingPathOf, useSession } from '../../lib/session';

/** Register and ORCID pages send a logged-in user to the dashboard (spec 03 §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { slug } = useJournal();
  const session = useSession(slug);
  if (session.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const user = session.data?.user;
  if (user) return <Navigate to={landingPathOf(slug, user) ?? `/${slug}/dashboard/`} replace />;
  return <>{children}</>;
}
