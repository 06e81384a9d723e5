import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CodeSplittingGroup } from 'rolldown';
import type { PrerenderedPage } from './src/prerender/render-page';
import { build, defaultServerConditions, defineConfig, type Plugin, type Rolldown } from 'vite';

/** The gateway serves /graphql, /api and /health; in development Vite forwards them to it. */
const GATEWAY = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/api', '/graphql', '/health'].map((path) => [path, { target: GATEWAY, changeOrigin: false }]),
);

/**
 * Vendor groups, so the first screen loads few, long-cached chunks and every page arrives in its own
 * lazy chunk. Chakra (with the libraries under it) is split in two: what the entry draws (`$initial`)
 * and one lazy chunk with the rest (dialogs, menus, tabs...), which would otherwise weigh on the first
 * screen or scatter into dozens of tiny chunks. Apollo is lazy too: it loads while the session check
 * runs (app/App.tsx). Higher priority wins when a module matches two groups.
 */
const CHAKRA =
  /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|@swc[\\/]helpers|stylis|hoist-non-react-statics|proxy-compare|csstype|react-icons)[\\/]/;

const vendorGroups: CodeSplittingGroup[] = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 40,
  },
  {
    name: 'chakra',
    test: CHAKRA,
    tags: ['$initial'],
    priority: 30,
  },
  {
    name: 'chakra-lazy',
    test: CHAKRA,
    priority: 25,
  },
  {
    name: 'apollo',
    test: /[\\/]node_modules[\\/](@apollo|@wry|graphql|graphql-tag|rxjs|optimism|tslib|@graphql-typed-document-node)[\\/]/,
    priority: 20,
  },
  /** charts are only used by pages that draw them; this keeps them out of everything else */
  { name: 'charts', test: /[\\/]node_modules[\\/](@nivo|d3-[^\\/]+|@react-spring)[\\/]/, priority: 10 },
];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes a brotli (`.br`) and a gzip (`.gz`) copy beside a file, compressed once at their best. */
const compressBeside = async (path: string) => {
  const body = await readFile(path);
  await writeFile(
    `${path}.br`,
    await brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  await writeFile(`${path}.gz`, await gzipped(body, { level: constants.Z_BEST_COMPRESSION }));
};

/**
 * Compressed copies of every text file of the build; the gateway sends them to browsers that accept
 * them (gateway/src/web/spa.ts).
 */
const precompress = (): Plugin => ({
  name: 'domestique:precompress',
  apply: 'build',
  async writeBundle({ dir }, bundle) {
    if (!dir) return;
    const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
    await Promise.all(files.map((file) => compressBeside(join(dir, file))));
  },
});

/**
 * index.html's entry (main.tsx) is small and imports the app in stages (each a task of its own, so
 * the start-up is never one long task); those stages' chunks are listed as modulepreloads beside it,
 * so they download at once, in parallel, and only their evaluation is staged.
 */
const preloadStartStages = (): Plugin => ({
  name: 'domestique:preload-start-stages',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle, chunk }) {
      if (!bundle || !chunk) return html;
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      const files = new Set<string>();
      const add = (fileName: string) => {
        if (files.has(fileName) || fileName === chunk.fileName) return;
        files.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
      };
      for (const stage of chunk.dynamicImports) add(stage);
      const links = [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      return { html, tags: links };
    },
  },
});

/** Where the prerendered pages go in the build: `/` is `prerendered/index.html`, `/auth` `prerendered/auth.html`. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * Runs the prerender build's `renderPage` on each of its paths in a Node process of its own (the
 * app's timers, such as the cache sweep, would keep this one alive) and answers the pages by path.
 */
const renderInNode = (entryUrl: string): Record<string, PrerenderedPage> => {
  const script = `
    const { renderPage, PRERENDERED_PATHS } = await import(${JSON.stringify(entryUrl)});
    const pages = {};
    for (const path of PRERENDERED_PATHS) pages[path] = await renderPage(path);
    process.stdout.write(JSON.stringify(pages), () => process.exit(0));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, PrerenderedPage>;
};

/**
 * The browser paints a drawn page once all of it is parsed (`rel="expect"`: rendering waits for the
 * element after #root). Otherwise a busy browser that pauses parsing would paint the part it has
 * (a button before its text and styles) and move it when the rest arrives: a layout shift.
 */
const DRAWN_PAGE_END = '<template id="drawn-page-end"></template>';
const RENDER_WHOLE_PAGE = '<link rel="expect" href="#drawn-page-end" blocking="render" />';

/**
 * Where a drawn page keeps the app's modulepreloads until it has painted (main.tsx adds them then,
 * app/start/deferred-preloads.ts).
 */
export const DEFERRED_PRELOADS_ID = 'deferred-preloads';

/**
 * A drawn page's scripts only take it over, so they wait for it: the entry is fetched at low priority
 * (`fetchpriority="low"`), and the app's modulepreloads are kept in a template the entry adds once the
 * page has painted. The document then has the connection to itself while it loads, and the app's
 * code downloads right after, in parallel as before.
 */
export const withScriptsAfterContent = (html: string): string => {
  const preloads = html.match(/<link rel="modulepreload"[^>]*>\s*/g) ?? [];
  const withoutPreloads = preloads.reduce((page, link) => page.replace(link, ''), html);
  const deferred = `<template id="${DEFERRED_PRELOADS_ID}">${preloads.map((link) => link.trim()).join('')}</template>`;
  return withoutPreloads
    .replace('</head>', `${RENDER_WHOLE_PAGE}${deferred}</head>`)
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
};

/**
 * The first screens a signed-out visitor sees (`/` and `/auth`), drawn at build time: the app is
 * built once more for Node (src/prerender/render-page.tsx), each page rendered into a copy of
 * index.html with its styles inline. The gateway sends such a page to a request without a session
 * cookie, so the text paints before any script has run; main.tsx then hydrates it.
 */
const prerenderPages = (): Plugin => {
  let root = '';
  let outDir = '';
  let ssr = false;
  return {
    name: 'domestique:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      // a folder of this build's own (builds may run side by side), inside node_modules so the
      // Node build finds the app's packages
      const serverDir = join(root, 'node_modules/.prerender', String(process.pid));
      const output = (await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        ssr: {
          noExternal: ['@domestique/proto'],
          resolve: { conditions: ['source', ...defaultServerConditions] },
        },
        build: {
          ssr: 'src/prerender/render-page.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          target: 'node20',
        },
      })) as Rolldown.RolldownOutput;
      const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) throw new Error('the prerender build wrote no entry');
      const pages = renderInNode(pathToFileURL(join(serverDir, entry.fileName)).href);
      await rm(serverDir, { recursive: true, force: true });
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
      await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
      for (const [path, page] of Object.entries(pages)) {
        if (!/<h1[\s>]/.test(page.html)) throw new Error(`the prerendered ${path} has no heading`);
        const html = withScriptsAfterContent(template)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title.replaceAll('&', '&amp;')}</title>`)
          .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${DRAWN_PAGE_END}`);
        const file = join(outDir, PRERENDERED_DIR, `${path === '/' ? 'index' : path.slice(1)}.html`);
        await writeFile(file, html);
        await compressBeside(file);
      }
    },
  };
};

export default defineConfig({
  plugins: [react(), preloadStartStages(), precompress(), prerenderPages()],
  resolve: {
    // `source` makes @domestique/proto resolve to its TypeScript source instead of its build output.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The app's start (main.tsx imports it once the page has painted) is an entry of its own too,
      // so what it imports statically is the first screen's code (`$initial`, vendorGroups).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        start: fileURLToPath(new URL('src/app/start/start-app.tsx', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
