import { defineConfig } from 'vitest/config';
import { icons } from './vite.config.ts';

export default defineConfig({
  plugins: [icons()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    // Each API test file gets its own database; two cores, so keep parallel files few.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
