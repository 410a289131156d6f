import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { minifySync } from 'rolldown/utils';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// react-router's package exports resolve to its development build for every condition; the production build
// (same API, no dev warnings) is ~4 KB gzip smaller. Only for `vite build`: tests keep the development build.
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace(/\/development\/index\.(m?js)$/, '/production/index.mjs'),
);

/**
 * react-router's production build leaves `forwardRef`/`memo`/`createContext` calls at module level unannotated and
 * sets `displayName`s on them, so tree-shaking keeps components nobody imports (`Form` with its submission helpers,
 * `ScrollRestoration`, …). Those calls only build objects and the names only serve DevTools: mark the calls pure and
 * drop the names.
 */
function reactRouterPureAnnotations(): Plugin {
  return {
    name: 'trapeza:react-router-pure',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler(code) {
        const annotated = code
          .replace(/(=\s*)(React\d*\.(?:forwardRef|memo|createContext)\()/g, '$1/* @__PURE__ */ $2')
          // A top-level `X.displayName = "…"` write alone keeps X; the names only serve React DevTools.
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
        // Only columns after an insertion move: keep the package's source map.
        return { code: annotated, map: null };
      },
    },
  };
}

/**
 * public/boot.js minified in the build: the server inlines it in every server-rendered page
 * (apps/server/src/plugins/web-boot-script.ts), where its comments, which are for its readers, would be bytes of
 * every page's HTML before the first paint (3.4 KB gzip instead of 1.3).
 */
function minifyBootScript(outDir: string): void {
  const file = join(outDir, 'boot.js');
  if (!existsSync(file)) return;
  const result = minifySync('boot.js', readFileSync(file, 'utf8'));
  if (result.errors.length) throw new Error(`boot.js: ${result.errors.map((e) => e.message).join('; ')}`);
  writeFileSync(file, result.code);
}

/**
 * The build's scripts, stylesheets and pictures compressed once, at the build, at the best settings (brotli 11, gzip
 * 9): `name.br` and `name.gz` beside each, served by the server in their place (@fastify/static `preCompressed`,
 * apps/server/src/plugins/web.ts) to a browser that takes them. Compressing on each request costs the server ~30 ms
 * per large script at brotli 5 and sends more: the app's entry is 94 KB at brotli 11, 103 KB at 5, 113 KB at zstd 3.
 */
function precompressAssets(outDir: string): void {
  const files = [
    ...readdirSync(join(outDir, 'assets')).map((name) => join('assets', name)),
    ...readdirSync(outDir).filter((name) => /\.(svg|js|webmanifest)$/.test(name)),
  ].filter((name) => /\.(js|css|svg|webmanifest)$/.test(name));
  for (const name of files) {
    const file = join(outDir, name);
    if (statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    const gz = gzipSync(content, { level: 9 });
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** The client build's output finished: boot.js minified, then every file compressed (so boot.js.br is the minified one). */
function finishedOutput(): Plugin {
  let outDir = '';
  return {
    name: 'trapeza-finished-output',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      minifyBootScript(outDir);
      precompressAssets(outDir);
    },
  };
}

/**
 * The guest app's service worker (src/sw.ts → dist/sw.js, issue 17): injectManifest, so the worker's own code decides
 * what is kept (see there). Registered by the app itself after the first screen (features/offline/start-offline.ts):
 * no registration script in the page. The precache holds the guest app: the consoles' chunks (admin, staff,
 * platform and what only they use) are left to load from the network.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // A classic script: registered without `type: 'module'`, which not every browser a guest has supports.
      rollupFormat: 'iife',
      // (No boot.js: the server inlines it in the pages it renders, web-boot-script.ts, so a kept page carries it.)
      globPatterns: ['assets/*.{js,css}', 'icon.svg'],
      globIgnores: [
        'assets/{admin,staff,platform,polygon-map,sales-chart,image-drop,print-tools,users,roles,map-picker,leaflet,date-time-field}-*',
        'assets/use-staff-texts-*',
      ],
    },
  });

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    reactRouterPureAnnotations(),
    ...(command === 'build' && !isSsrBuild ? [serviceWorker(), finishedOutput()] : []),
  ],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : undefined,
  // The server-rendering build (src/entry-server.tsx → dist/server, loaded by the API server): the workspace's domain
  // package is TypeScript, so it is bundled; the other packages are imported from node_modules.
  ssr: { noExternal: ['@trapeza/domain'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/demo': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // No client-side preload lists in the entry (~1.4 KB gzip): the server adds <link rel="modulepreload"> for the
    // requested page's chunks from the manifest (apps/server/src/plugins/web.ts); lazy CSS still loads with its chunk.
    modulePreload: false,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry needs in one file (rolldown otherwise splits modules shared with lazy chunks
                // into many small files, each compressed on its own).
                { name: 'index', tags: ['$initial'], priority: 20 },
                // The place layout and the menu home with what they import: every /{place} page needs them, and a
                // first visit to /{place} then fetches one chunk instead of a dozen.
                {
                  name: 'place',
                  test: /[\\/]src[\\/]app[\\/]routes[\\/]place-(layout|home)\.tsx$/,
                  priority: 10,
                },
              ],
            },
          },
        },
  },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // jsdom renders, lazy route imports and their on-demand transforms share 2 cores with the server suites in CI;
    // findBy* waits up to 10 s (setup.ts), so a test gets room to report what it did not find instead of a timeout.
    testTimeout: 30_000,
  },
}));
