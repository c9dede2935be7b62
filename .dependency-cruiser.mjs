/**
 * Import rules checked by `npm run lint` (dependency-cruiser reads type-only imports too, so a type
 * cycle counts as a cycle). ESLint keeps the web/server split; these are the rules of the house.
 */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle anywhere: a cycle is a seam in the wrong place (docs/decisions.md "House rules").',
      from: {},
      to: { circular: true },
    },
    {
      name: 'adapters-know-no-feature',
      severity: 'error',
      comment:
        'An adapter (src/server/integrations) takes plain inputs: it imports no module, task, database or HTTP file, nor the composition root.',
      from: { path: '^src/server/integrations/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/(modules|tasks|db|http)/|^src/server/(app|services|deps)\\.ts$' },
    },
    {
      name: 'features-know-no-composition-root',
      severity: 'error',
      comment: 'A feature declares what it needs as its own options; only main, tests and the root itself import app.ts / services.ts.',
      from: { path: '^src/server/(modules|tasks|integrations|http)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/(app|services)\\.ts$' },
    },
    {
      name: 'drizzle-only-in-repositories',
      severity: 'error',
      comment:
        'SQL lives in repositories (*.repository.ts) and the database layer (src/server/db: connection, schema, SQL helpers). ' +
        'Tests and their fixtures (src/server/test) arrange and inspect rows directly, so they may import Drizzle too.',
      from: {
        path: '^src/',
        pathNot: ['\\.repository\\.ts$', '^src/server/db/', '^src/server/test/', '\\.test\\.tsx?$'],
      },
      to: { path: '(^|/)node_modules/drizzle-orm/|^drizzle-orm($|/)' },
    },
    {
      name: 'request-kit-knows-no-feature',
      severity: 'error',
      comment:
        "The SPA's request kit (src/web/api) knows the route table, the stored token and SPEC §8's messages (contract/messages.ts), nothing else: no feature's types or screens " +
        '(a feature imports the kit, never the other way round).',
      from: { path: '^src/web/api/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(contract/(?!api-paths\\.ts$|api-routes\\.ts$|messages\\.ts$)|web/(?!api/|auth/token-store\\.ts$))' },
    },
    {
      name: 'spa-knows-no-server',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-knows-no-spa',
      severity: 'error',
      from: { path: '^src/(server|contract)/' },
      to: { path: '^src/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
