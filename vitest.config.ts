import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/unit/preact-timers.setup.ts'],
            // Without inlining, packages in node_modules would load real React instead of the alias.
            server: { deps: { inline: ['wouter', '@nanostores/react', '@testing-library/preact', '@lingui/react'] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
