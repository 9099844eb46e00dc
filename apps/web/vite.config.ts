import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React, its router, the shared code and the Mantine components and icons of the public shell and pages (issue 8 §4). */
const PUBLIC_UI = new RegExp(
  [
    String.raw`node_modules/(react|react-dom|react-router|scheduler|clsx)/`,
    // Mantine's hooks but those only the back office's editors use (the colour picker's, the rich-text editor's):
    // the group would carry them to every public page.
    String.raw`node_modules/@mantine/hooks/(?!esm/use-(eye-dropper|move|input-state|window-event)/)`,
    String.raw`node_modules/@mantine/core/esm/(core|utils)/`,
    String.raw`node_modules/@mantine/core/esm/components/(ActionIcon|Alert|Anchor|Badge|Button|Card|Center|Checkbox|CloseButton|Container|Divider|Group|Loader|Paper|Portal|SimpleGrid|Stack|Text|Title|Transition|Typography|UnstyledButton|VisuallyHidden)/`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/(createReactComponent|defaultAttributes)\.mjs`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/icons/Icon(ArrowUp|Books|BrandFacebook|BrandLinkedin|BrandX|ChevronDown|Eye|EyeOff|FileTypePdf|Language|LayoutDashboard|Login|Logout|Mail|Search|UserPlus)\.mjs`,
    // lib/ but the payment window's code, which only the pages that take a payment load, and the notices of the
    // back office's actions (they bring Mantine's notifications).
    String.raw`apps/web/src/(lib/(?!payment-window|notify)|components/(HtmlContent|LanguageSwitch|StatCircle)\.tsx)`,
    String.raw`packages/core/src/(enums|format|limits)\.ts`,
  ].join('|'),
);

/**
 * The archive's pages share many small modules (icons, the full-text link, the payment window, Mantine's
 * pagination): left alone each became a chunk of 1 KB, and a paper page asked for 35 files, each a round trip on a
 * slow phone (issue 21 §6, Lighthouse). Two groups instead: what the home's current issue shares with the archive's
 * pages, and what only the archive's pages use. Scripts only and no dependencies pulled in (a group that takes a
 * stylesheet the entry also imports becomes the entry's import); the pages themselves stay their own chunks.
 */
const ARCHIVE_COMMON = new RegExp(
  [
    // The notices' mark (decision 0089) is on the home's papers, the issue's and the search results.
    String.raw`apps/web/src/features/archive/((api|format)\.ts|components/(PaperCard|Localized|NoticeMark)\.tsx)$`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/icons/Icon(Ban|InfoCircle)\.mjs$`,
  ].join('|'),
);
const ARCHIVE_PAGES = new RegExp(
  [
    String.raw`apps/web/src/features/archive/(components/(ArchiveNotFound|BackButton)\.tsx|FullText(Access|Link)\.tsx?|MembershipOffer\.tsx|search-api\.ts|pages/SearchPageParts\.tsx)$`,
    String.raw`apps/web/src/(components/(QueryView|PaymentWaitStatus)\.tsx|lib/payment-window\.ts)$`,
    String.raw`packages/core/src/papers\.ts$`,
    String.raw`node_modules/@mantine/core/esm/components/(EmptyState|Grid|Pagination)/.*\.mjs$`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/icons/Icon(AlertCircle|Archive|ArrowLeft|ArrowRight|CircleCheck|ClockExclamation|Download|Lock|Printer)\.mjs$`,
  ].join('|'),
);

const GUEST_FORMS = /apps\/web\/src\/(app\/layouts\/GuestOnly|features\/accounts\/forms\/OrcidButton)\.tsx$/;

/** The styles of the small components the public pages show, one stylesheet instead of one request each. */
const PUBLIC_STYLES = new RegExp(
  String.raw`node_modules/@mantine/core/styles/(ActionIcon|Anchor|Badge|Card|Checkbox|Divider|EmptyState|Group|InlineInput|Paper|SimpleGrid|VisuallyHidden)\.layer\.css$`,
);

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: [
      // React Router's package names only its development build (its checks are dead code here, but its warnings'
      // texts are not); the production build beside it is the same API without them (380 bytes on every page).
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // altcha and the Mantine bundle are large on their own; keep the warning for real regressions only.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Left alone, the public pages would load about 30 small chunks each, and every request costs a round trip
        // and its headers (more than the bodies of the smallest). One chunk for what the public pages share keeps
        // them to a handful of requests; what only one page or the back office needs stays in its own chunks.
        codeSplitting: {
          groups: [
            { name: 'public-ui', test: PUBLIC_UI },
            { name: 'archive-common', test: ARCHIVE_COMMON, includeDependenciesRecursively: false },
            { name: 'archive-pages', test: ARCHIVE_PAGES, includeDependenciesRecursively: false },
            { name: 'public-styles', test: PUBLIC_STYLES, includeDependenciesRecursively: false },
            // What the guest's forms share (register, ORCID register, the login dialog): one request, not two.
            { name: 'guest-forms', test: GUEST_FORMS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // Every browser the app supports preloads modules natively; the polyfill would only add bytes to each page.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/manual.pdf': 'http://localhost:3000' },
  },
});
