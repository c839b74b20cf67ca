// Import boundaries (issue #11): the rules are written by pattern, so a new module or feature is covered
// the day its folder appears.
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Which features a feature may import (production code). Tests may compose features to render a screen.
const FEATURE_IMPORTS = {
  admin: ['cart', 'orders', 'payments', 'withdrawal'],
  cart: ['catalog'],
  catalog: ['cart', 'contact'],
  checkout: ['account', 'cart', 'contact', 'orders', 'payments'],
  home: ['catalog', 'content', 'services'],
  orders: ['cart', 'payments', 'withdrawal'],
  payments: ['cart'],
  terms: ['contact'],
  withdrawal: ['contact'],
};

// Modules that read another module's tables besides their own: the modules that show pictures join on the
// image table (no function of media returns them yet); auth signs in against the users' accounts.
const TABLE_READERS = { media: ['catalog', 'services'], users: ['auth'] };

// The modules that follow orders hear of them through the followers orders declares (decision 0034): the
// imports point one way, so orders imports none of them, and payments does not import invoicing.
const FOLLOWERS = { orders: ['payments', 'invoicing'], payments: ['invoicing'] };

const TESTS = ['**/*.test.{ts,tsx}', '**/*-test-utils.{ts,tsx}', 'src/web/test/**'];

function tableZones(allowed = []) {
  return dirs('src/server/modules/')
    .filter((module) => !allowed.includes(`${module}/tables.ts`))
    .map((module) => {
      const readers = [module, ...(TABLE_READERS[module] ?? [])];
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
        message: `Only ${readers.join(" and ")} and db/schema.ts read ${module}'s tables; call its functions.`,
      };
    });
}

function followerZones() {
  return Object.entries(FOLLOWERS).flatMap(([module, followers]) =>
    followers.map((follower) => ({
      target: `./src/server/modules/${module}`,
      from: `./src/server/modules/${follower}`,
      message: `${follower} follows ${module} (decision 0034): ${module} may not import it; hand what it needs over at the app's start (see orders/followers.ts).`,
    })),
  );
}

// db/schema.ts holds the platform's job table and gathers every module's tables for Drizzle: only the
// database client, the job queue and the tables files (foreign keys) read it.
const schemaZone = {
  target: ['./src/server/modules/**/!(tables).{ts,tsx}', './src/server/!(db|platform)/**', './src/server/*.ts', './src/server/platform/!(jobs).ts', './src/web/**', './src/shared/**'],
  from: './src/server/db/schema.ts',
  message: 'Only the database client and the job queue read db/schema.ts; a module reads its own tables.ts.',
};

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
      rules: rule([sharedZone, schemaZone, ...tableZones(), ...followerZones(), ...featureZones()]),
    },
    // Test files outside src/ too (bench/**/*.test.ts): the block names its plugin itself.
    { files: TESTS, plugins: { 'import-x': importX }, rules: rule([sharedZone]) },
  ];
}
