import fs from 'node:fs';

/**
 * Client feature boundaries (docs/STYLE.md: client features don't import each other; the screens in
 * client/routes compose them). A file in client/features/<name> may import its own feature,
 * the shared parts (features/auth, client/components, client/lib, client/app/paths) and
 * common/. The list of features is read from the folder, so a new feature is held at once.
 */
const FEATURES_DIR = new URL('../client/features/', import.meta.url);
const SHARED_FEATURES = new Set(['auth']);

const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Every other feature, however the relative path spells it (../x/, ../../x/, ../features/x/):
 * a feature's name is a folder no other part of the client or common/ uses.
 */
function otherFeatures(own) {
  return features.filter((name) => name !== own && !SHARED_FEATURES.has(name)).map((name) => `**/${name}/**`);
}

function featureRules(own) {
  return {
    files: [`client/features/${own}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client talks to the server over HTTP only.' },
            { group: ['node:*'], message: 'The client runs in the browser.' },
            {
              group: otherFeatures(own),
              message: `client/features/${own} may not import another feature: move the shared piece to client/lib or common/, or compose the two in a route.`,
            },
            {
              group: ['**/routes/**', '**/app/*', '!**/app/paths.js'],
              message: 'A feature is composed by the screens in client/routes, never the other way round.',
            },
          ],
        },
      ],
    },
  };
}

/** Shared code below the features may not reach up into them. */
const sharedRules = {
  files: ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/server/**'], message: 'The client talks to the server over HTTP only.' },
          { group: ['node:*'], message: 'The client runs in the browser.' },
          {
            group: ['**/features/**', '**/routes/**'],
            message: 'client/components and client/lib are shared by every feature and import none.',
          },
        ],
      },
    ],
  },
};

export const clientBoundaries = [...features.map(featureRules), sharedRules];
