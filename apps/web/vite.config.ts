import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/demo': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
