import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React, its router, the shared code and the Mantine components and icons of the public shell and pages (issue 8 §4). */
const PUBLIC_UI = new RegExp(
  [
    String.raw`node_modules/(react|react-dom|react-router|scheduler|clsx|@mantine/hooks)/`,
    String.raw`node_modules/@mantine/core/esm/(core|utils)/`,
    String.raw`node_modules/@mantine/core/esm/components/(Accordion|ActionIcon|Alert|Anchor|Badge|Button|Card|Center|Checkbox|CloseButton|Container|Divider|Group|Loader|Paper|Portal|SimpleGrid|Stack|Text|Title|Transition|Typography|UnstyledButton|VisuallyHidden)/`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/(createReactComponent|defaultAttributes)\.mjs`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/icons/Icon(ArrowUp|Books|BrandFacebook|BrandLinkedin|BrandX|ChevronDown|Eye|EyeOff|FileTypePdf|Language|LayoutDashboard|Login|Logout|Mail|Search|UserPlus)\.mjs`,
    // lib/ but the payment window's code, which only the pages that take a payment load.
    String.raw`apps/web/src/(lib/(?!payment-window)|components/(HtmlContent|LanguageSwitch|StatCircle)\.tsx)`,
    String.raw`packages/core/src/(enums|format|limits)\.ts`,
  ].join('|'),
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
        codeSplitting: { groups: [{ name: 'public-ui', test: PUBLIC_UI }] },
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
