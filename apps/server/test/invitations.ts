import { expect } from 'vitest';
import { lastMailTo, type TestApp } from './harness';

/**
 * Accepts the journal invitation last mailed to `email`, signed in as its owner (issue 44 §3, decision 0071): how an
 * existing account joins another journal.
 */
export async function acceptInvitation(app: TestApp, slug: string, email: string, password?: string) {
  const { mail, link } = await lastMailTo(app, email);
  expect(mail?.kind).toBe('journalInvitation');
  expect(link?.pathname).toBe(`/${slug}/join`);
  const person = await app.signedIn(email, password);
  const answer = await person.post(`/api/journals/${slug}/invitation/accept`, { code: link!.searchParams.get('code') });
  expect(answer.status).toBe(200);
  return person;
}
