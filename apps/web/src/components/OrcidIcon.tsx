/**
 * ORCID's iD mark: a green circle with "iD" (ORCID's brand guidelines), decorative beside its text. An image of its
 * own (public/orcid-id.svg), not markup in a script: the registration and sign-in pages show it, and their first load
 * has a script budget (e2e first-load.spec); the browser keeps the file once for every page.
 */
export function OrcidIcon({ size = 20 }: { size?: number }) {
  return <img src="/orcid-id.svg" width={size} height={size} alt="" aria-hidden style={{ display: 'block' }} />;
}
