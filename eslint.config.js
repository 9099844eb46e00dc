import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint configuration for the whole repository. Import boundaries (STYLE.md): core imports nothing of the
 * apps; features (web and server) never import each other; shared web code (components, lib) imports no feature;
 * the server's domain (what several features share) imports no feature, and its lib neither domain nor feature.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(left|right|marginLeft|marginRight|paddingLeft|paddingRight)$/]',
          message: 'Use logical properties (inset-inline-start, marginInlineStart, …) so Arabic pages mirror.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['packages/core/src/**', 'apps/*/src/**'],
      'boundaries/elements': [
        { type: 'core', pattern: 'packages/core/src/**', partialMatch: false },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        {
          type: 'server',
          pattern: 'apps/server/src/{db,plugins,mail,storage,search,jobs,seed,ops}/**',
          partialMatch: false,
        },
        // Helpers that know nothing of journals and papers.
        { type: 'server-lib', pattern: 'apps/server/src/lib/**', partialMatch: false },
        // What several server features share about journals, papers and reviews (each module's first comment says).
        { type: 'server-domain', pattern: 'apps/server/src/domain/**', partialMatch: false },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app/**', partialMatch: false },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib}/**', partialMatch: false },
        { type: 'web-root', pattern: 'apps/web/src/*.{ts,tsx}', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'core' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: [
                        'server',
                        'server-lib',
                        'server-domain',
                        'web-feature',
                        'web-app',
                        'web-shared',
                        'web-root',
                      ],
                    },
                  },
                },
              },
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
            { from: { element: { type: 'web-feature' } }, disallow: { to: { element: { type: 'web-app' } } } },
            { from: { element: { type: 'web-feature' } }, disallow: { to: { element: { type: 'web-feature' } } } },
            {
              from: { element: { type: 'server-feature' } },
              disallow: { to: { element: { type: 'server-feature' } } },
            },
            { from: { element: { type: 'server-domain' } }, disallow: { to: { element: { type: 'server-feature' } } } },
            {
              from: { element: { type: 'server-lib' } },
              disallow: { to: { element: { types: { anyOf: ['server-domain', 'server-feature'] } } } },
            },
            {
              from: { element: { type: 'server-feature' } },
              allow: {
                to: { element: { type: 'server-feature', captured: { feature: '{{ from.captured.feature }}' } } },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
          ],
        },
      ],
    },
  },
);
