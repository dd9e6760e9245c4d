import { readdirSync } from 'node:fs';

// Server boundaries (docs/STYLE.md), generated from the folder list so a new feature is covered the
// day its folder is made:
// - a route (features/X/*.routes.ts) calls its feature's service: it imports no repo at all;
// - a service, or any other module of a feature, may import another feature's service, never
//   another feature's repo (*.repo.ts);
// - a repo imports no other feature's service or repo (shared SQL rules such as
//   blocks/blocks.rule.ts are neither).
// Tests may reach anywhere to set up their data.

const FEATURES_DIR = new URL('../server/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const TESTS = ['server/**/*.test.ts'];

// A later no-restricted-imports setting replaces an earlier one for the same file, so each
// block below repeats the server-wide rule.
const noClientCode = { group: ['**/client/**'], message: 'The server never imports client code.' };

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: [noClientCode, ...patterns] }],
});

/** Import paths of another feature's files with this role, as written from inside `feature`. */
const othersOf = (feature, role) =>
  features.filter((other) => other !== feature).map((other) => `../${other}/*.${role}.js`);

const featureBlocks = features.flatMap((feature) => {
  const folder = `server/features/${feature}`;
  return [
    {
      files: [`${folder}/**/*.ts`],
      ignores: [`${folder}/**/*.repo.ts`, `${folder}/**/*.routes.ts`, ...TESTS],
      rules: restrict([
        {
          group: othersOf(feature, 'repo'),
          message: "Call the owning feature's service: another feature's repo is its own business.",
        },
      ]),
    },
    {
      files: [`${folder}/**/*.routes.ts`],
      ignores: TESTS,
      rules: restrict([
        {
          group: ['*.repo.js'],
          message: "A route calls its feature's service; the queries stay behind it.",
        },
      ]),
    },
    {
      files: [`${folder}/**/*.repo.ts`],
      ignores: TESTS,
      rules: restrict([
        {
          group: [...othersOf(feature, 'repo'), ...othersOf(feature, 'service')],
          message: "A repo holds its own feature's queries: it imports no other feature's service or repo.",
        },
      ]),
    },
  ];
});

export default [
  ...featureBlocks,
  {
    // The operator's command line is another way in, like a route: it calls the services too.
    files: ['server/cli/**/*.ts'],
    ignores: TESTS,
    rules: restrict([
      { group: ['**/*.repo.js'], message: 'The command line calls services, as the API does.' },
    ]),
  },
];
