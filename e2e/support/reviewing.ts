import { addDays, isoDay } from '@journals/core/reviewing';
import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures';
import { ApiClient } from './api';
import { submittedPaper } from './papers';
import type { Platform } from './platform';

/** The accept and refuse links of an invitation mail, as the reviewer's mail client shows them. */
export function invitationLinksOf(text: string) {
  const links = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
  const accept = links.find((link) => link.pathname.endsWith('/review-invitation'));
  const refuse = links.find((link) => link.pathname.endsWith('/reject'));
  expect(accept, 'the invitation mail has an accept link').toBeTruthy();
  expect(refuse, 'the invitation mail has a refuse link').toBeTruthy();
  return { accept: `${accept!.pathname}${accept!.search}`, refuse: `${refuse!.pathname}${refuse!.search}` };
}

/**
 * A new paper of the journal's researcher, submitted, and a reviewer invited to it by the journal's editor (through
 * the API: the editor's screens are another spec's): one of the journal's reviewers by e-mail, or someone without
 * an account (`newReviewer`). Returns the paper, its deadline and the links of the real invitation mail.
 */
export async function invitedReviewer(
  platform: Platform,
  slug: string,
  who: string | { fullName: string; email: string },
  title: string,
) {
  const researcher = await ApiClient.signIn(platform.baseURL, slug, `researcher@${slug}.test`, DEMO_PASSWORD);
  const editor = await ApiClient.signIn(platform.baseURL, slug, `editor@${slug}.test`, DEMO_PASSWORD);
  try {
    const paper = await submittedPaper(researcher, slug, { title });
    const detail = await editor.ok<{ specializationId: number }>(
      editor.get(`/api/journals/${slug}/papers/${paper.id}`),
    );
    let invitee: { reviewerId: number } | { newReviewer: { fullName: string; email: string } };
    if (typeof who === 'string') {
      const candidates = await editor.ok<{ items: { id: number; email: string }[] }>(
        editor.get(
          `/api/journals/${slug}/papers/${paper.id}/reviewer-candidates?specializationId=${detail.specializationId}`,
        ),
      );
      const reviewer = candidates.items.find((item) => item.email.toLowerCase() === who);
      expect(reviewer, `${who} is a candidate`).toBeTruthy();
      invitee = { reviewerId: reviewer!.id };
    } else {
      invitee = { newReviewer: who };
    }
    const since = platform.mailbox.messages.length;
    const deadline = addDays(isoDay(new Date()), 14);
    await editor.ok(
      editor.post(`/api/journals/${slug}/papers/${paper.id}/reviewers`, {
        specializationId: detail.specializationId,
        ...invitee,
        deadline,
        confirmConflict: true,
      }),
    );
    const mail = await platform.mailbox.waitFor(typeof who === 'string' ? who : who.email, { since });
    return { paper, deadline, links: invitationLinksOf(mail.text) };
  } finally {
    await researcher.dispose();
    await editor.dispose();
  }
}
