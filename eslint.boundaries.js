// Import boundaries (issue #11): the rules are written by pattern, so a new module or feature is covered
// the day its folder appears.
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Which features a feature may import (production code). Tests may compose features to render a screen.
const FEATURE_IMPORTS = {
  admin: ['cart', 'orders', 'payments'],
  cart: ['catalog'],
  catalog: ['cart'],
  checkout: ['account', 'cart', 'orders', 'payments'],
  home: ['catalog', 'content', 'services'],
  orders: ['cart', 'payments'],
  payments: ['cart'],
  terms: ['contact'],
};

// Joins on the image table from the modules that show pictures (no function of media returns them yet).
const MEDIA_TABLE_READERS = ['catalog', 'services'];

const TESTS = ['**/*.test.{ts,tsx}', '**/*-test-utils.{ts,tsx}', 'src/web/test/**'];

function tableZones(allowed = []) {
  return dirs('src/server/modules/')
    .filter((module) => !allowed.includes(`${module}/tables.ts`))
    .map((module) => {
      const readers = module === 'media' ? [module, ...MEDIA_TABLE_READERS] : [module];
      const others = readers.length > 1 ? `!(${readers.join('|')})` : `!(${module})`;
      return {
        // Another table file may reference it (foreign keys); db/schema.ts gathers them all.
        target: [
          `./src/server/modules/${others}/**/!(tables).{ts,tsx}`,
          './src/server/!(modules|db)/**',
          './src/server/*.ts',
          './src/server/db/!(schema).ts',
          './src/web/**',
          './src/shared/**',
        ],
        from: `./src/server/modules/${module}/tables.ts`,
        message: `Only the ${module} module and db/schema.ts read ${module}'s tables; call its functions.`,
      };
    });
}

function featureZones(allowed = []) {
  return dirs('src/web/features/').map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [...new Set([feature, ...(FEATURE_IMPORTS[feature] ?? []), ...allowed])].map((other) => `./${other}`),
    message: `${feature} may import only the features listed in FEATURE_IMPORTS (eslint.boundaries.js).`,
  }));
}

const sharedZone = {
  target: './src/shared',
  from: ['./src/server', './src/web'],
  message: 'src/shared runs on both sides: it imports nothing from server or web.',
};

const rule = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });

export function boundaryBlocks(importX) {
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      rules: rule([sharedZone, ...tableZones(), ...featureZones()]),
    },
    { files: TESTS, rules: rule([sharedZone]) },
  ];
}
