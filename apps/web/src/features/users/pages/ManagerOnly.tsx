import { mayEditRoles } from '@journals/core/rules/permissions';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';

/** Adding and editing people is the journal manager's, as roles are (the server refuses anyone else). */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const { slug } = useJournal();
  if (!mayEditRoles(actorOf(useSession(slug).data?.user))) {
    return <Navigate to={`/${slug}/dashboard/unauthorized`} replace />;
  }
  return children;
}
