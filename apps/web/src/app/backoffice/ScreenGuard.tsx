import { canSee, type BackOfficeScreen } from '@journals/core/rules/permissions';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useJournal } from '../../lib/journal';
import { actorOf, useSession } from '../../lib/session';

/** A back-office screen the user's roles do not allow leads to the unauthorized page (spec 01 §6). */
export function ScreenGuard({ screen, children }: { screen: BackOfficeScreen; children: ReactNode }) {
  const { slug } = useJournal();
  const user = useSession(slug).data?.user;
  if (!canSee(actorOf(user), screen)) return <Navigate to={`/${slug}/dashboard/unauthorized`} replace />;
  return <>{children}</>;
}
