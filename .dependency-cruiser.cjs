/**
 * No import circles anywhere (issue 20): a module and what it imports form a tree, so a file can be read, tested and
 * moved with what it needs and without what needs it. Type-only imports count, since a circle of types is a circle
 * of ideas. `npm run lint` runs it; the boundary rules between floors and features are ESLint's (eslint.config.js).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This import closes a circle: move what both sides need into a module of its own that neither imports.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle|data|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
