import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { apiPaths, catalogueDataId, messages, type Service } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaintFile, webBuildMissingMessage } from '../src/plugins/static-spa.ts';
import { signedInAdmin } from './admin/fixtures.ts';
import { api } from './helpers/accounts.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

const head = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script>';
const indexHtml = `${head}</head><body><div id="root"></div></body></html>`;
/** A built script over the compression threshold, with the copies the build writes beside it. */
const script = `console.log(${JSON.stringify('the app '.repeat(400))});`;
// Compressed otherwise than the server would on the fly, so that a test can tell the build's copies apart.
const builtCopies = { br: brotliCompressSync(script), gzip: gzipSync(script, { level: 9 }) };
/** What the build writes: each public page route → the scripts its module loads besides the entry. */
const routePreloads = {
  '/': ['/assets/home-1.js'],
  '/services': ['/assets/services-1.js', '/assets/shared-1.js'],
  '/services/:id': ['/assets/service-detail-1.js', '/assets/shared-1.js'],
};
const preloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
const dataBlockPattern = new RegExp(
  `<script type="application/json" id="${catalogueDataId}">(.*?)</script>`,
  's',
);

/** The JSON text of the page's catalogue block (it must be there). */
function dataBlock(html: string): string {
  const match = dataBlockPattern.exec(html);
  if (!match?.[1]) throw new Error('the page has no catalogue block');
  return match[1];
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('with a built web app', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'portal-test-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js.br'), builtCopies.br);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), builtCopies.gzip);
    writeFileSync(join(distDir, 'route-preloads.json'), JSON.stringify(routePreloads));
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/services', '/services/2', '/contact', '/services?x=1', '/dashboard', '/admin/services'])(
    'answers the page %s with the SPA and 200, revalidated on every visit',
    async (url) => {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body.startsWith(head)).toBe(true);
      expect(response.body.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
      dataBlock(response.body);
    },
  );

  it.each([
    '/no-such-page',
    '/services/2/extra',
    '/administrator',
    '/services/999',
    '/services/not-a-number',
    '/admin/anything',
  ])('answers %s, which is no page, with the SPA and 404', async (url) => {
    const response = await testApp.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body.startsWith(head)).toBe(true);
  });

  it('never sends the index.html of the build, which has no catalogue, nor its list of preloads', async () => {
    for (const url of ['/index.html', '/route-preloads.json']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(404);
      dataBlock(response.body);
    }
  });

  it.each([
    ['/', routePreloads['/']],
    ['/services', routePreloads['/services']],
    ['/services/3?from=home', routePreloads['/services/:id']],
    ['/contact', []],
    ['/no-such-page', []],
  ])('names in the page %s the scripts of its route as modulepreload links', async (url, scripts) => {
    const page = await testApp.app.inject(url);
    expect(preloadsIn(page.body)).toEqual(scripts);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await testApp.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(script);
  });

  it('serves other built files revalidated', async () => {
    const response = await testApp.app.inject('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  const asset = '/assets/index-abc123.js';
  const get = (url: string, headers: InjectOptions['headers'] = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends an asset to Accept-Encoding %s as the build compressed it (%s)',
    async (accepted, encoding, decode) => {
      const response = await get(asset, { 'accept-encoding': accepted });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload).toEqual(builtCopies[encoding]);
      expect(decode(response.rawPayload).toString()).toBe(script);
    },
  );

  it.each([[{}], [{ 'accept-encoding': 'identity' }]])(
    'sends an asset as it is to a client that accepts no encoding (%o)',
    async (headers) => {
      const response = await get(asset, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(script);
    },
  );

  it('answers HEAD on an asset with its headers and no body', async () => {
    const response = await testApp.app.inject({
      method: 'HEAD',
      url: asset,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(builtCopies.br.length);
    expect(response.body).toBe('');
  });

  it('answers a Range request on an asset with those bytes, uncompressed when no encoding is accepted', async () => {
    const plain = await get(asset, { range: 'bytes=0-11' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-11/${Buffer.byteLength(script)}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script.slice(0, 12));
    // With an encoding the range counts bytes of the encoded copy, which says so.
    const compressed = await get(asset, { range: 'bytes=0-9', 'accept-encoding': 'gzip' });
    expect(compressed.statusCode).toBe(206);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.rawPayload).toEqual(builtCopies.gzip.subarray(0, 10));
  });

  it('embeds exactly the answer of GET /api/services in every page', async () => {
    const services = await get(apiPaths.catalogue.services);
    for (const url of ['/', '/services', '/services/2', '/no-such-page']) {
      const page = await get(url);
      expect(JSON.parse(dataBlock(page.body))).toEqual(services.json());
    }
  });

  it('sends the page compressed, and 304 to a browser whose copy is current', async () => {
    const plain = await get('/services');
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await get('/services', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/services', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await get('/services', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/services', { 'if-none-match': '"old"' })).statusCode).toBe(200);
  });

  it('compresses the catalogue and other API answers over 1 KB', async () => {
    for (const url of [apiPaths.catalogue.services, apiPaths.catalogue.service(1), `${apiPaths.docs}/json`]) {
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('leaves answers under 1 KB uncompressed', async () => {
    const response = await get(apiPaths.health, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("follows an administrator's change of a service at once, and no service text can end the block", async () => {
    const admin = await signedInAdmin(testApp, 'office@static-spa.test');
    const before = await get('/services');
    const service = (await get(apiPaths.catalogue.service(2))).json<{ service: Service }>().service;
    const { id: _id, icon: _icon, rating: _rating, ...record } = service;
    const name = 'Audit </script><script>alert(1)</script>';
    const description = 'Ends early </script><script>alert(2)</script><!-- & </SCRIPT > here.';
    const saved = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(2),
      { cookie: admin.cookie },
      {
        ...record,
        name,
        description,
      },
    );
    expect(saved.statusCode).toBe(200);

    const after = await get('/services');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/services', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    // The block holds one script element's text: the only closing tags are its own and the app's.
    const block = dataBlock(after.body);
    expect(block).not.toMatch(/<\/script/i);
    expect(block).not.toContain('<!--');
    expect(after.body.match(/<\/script/gi)).toHaveLength(2);
    const embedded = JSON.parse(block) as { services: Service[] };
    expect(embedded.services.find((each) => each.id === 2)).toMatchObject({ name, description });
    expect(embedded).toEqual((await get(apiPaths.catalogue.services)).json());
  });

  it('keeps unknown /api paths JSON', async () => {
    const response = await testApp.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.routeNotFound });
  });

  it('sends the security headers with pages, assets and API answers', async () => {
    for (const url of [
      '/',
      '/no-such-page',
      '/assets/index-abc123.js',
      '/api/services',
      '/api/nothing-here',
    ]) {
      expectSecurityHeaders((await testApp.app.inject(url)).headers);
    }
  });
});

describe('with the first paint built', () => {
  let buildDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'portal-test-build-'));
    const distDir = join(buildDir, 'dist');
    mkdirSync(distDir);
    // As the build writes it: the script that starts the app, and the app's script as a modulepreload link.
    writeFileSync(
      join(distDir, 'index.html'),
      indexHtml.replace(
        '</head>',
        '\n    <link rel="modulepreload" crossorigin href="/assets/app-1.js">\n  </head>',
      ),
    );
    writeFileSync(join(distDir, 'route-preloads.json'), JSON.stringify(routePreloads));
    // The web app's own SSR build (apps/web/package.json), written where the server looks for it.
    const webRoot = join(import.meta.dirname, '../../web');
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: {
        ssr: 'src/entry-first-paint.tsx',
        outDir: dirname(firstPaintFile(distDir)),
        emptyOutDir: true,
      },
    });
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const page = async (url: string, status = 200) => {
    const response = await testApp.app.inject(url);
    expect(response.statusCode).toBe(status);
    return response.body;
  };
  /** What the page's #root holds before any script has run. */
  const firstPaint = (html: string) => {
    const match = /<div id="root">(.*)<\/div><\/body>/s.exec(html);
    if (!match) throw new Error('the page has no #root');
    return match[1] ?? '';
  };
  const services = async () =>
    (await testApp.app.inject(apiPaths.catalogue.services)).json<{ services: Service[] }>().services;

  it('draws the home page: its hero, the top bar as a visitor sees it before the session is known, the footer', async () => {
    const html = firstPaint(await page('/'));
    expect(html).toContain('<h1 class="mt-4 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">');
    expect(html).toContain('Technology expertise that moves your business forward');
    expect(html).toContain('Get Started Free');
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    // No sign-in controls in the top bar until the session is known (the app's first frame is the same).
    expect(html.slice(html.indexOf('<header'), html.indexOf('</header>'))).not.toContain('href="/login"');
  });

  it('draws the services page with a card for every service of the catalogue', async () => {
    const html = firstPaint(await page('/services'));
    expect(html).toContain('Our Services');
    const catalogue = await services();
    expect(catalogue.length).toBeGreaterThan(0);
    for (const service of catalogue) expect(html).toContain(`href="/services/${service.id}"`);
    expect(html).not.toContain(messages.loadingServices);
  });

  it("draws a service's page with its name as the heading, and none for an unknown service", async () => {
    const [service] = await services();
    if (!service) throw new Error('the catalogue is empty');
    const html = firstPaint(await page(`/services/${service.id}`));
    expect(html).toMatch(new RegExp(`<h1[^>]*>${service.name}</h1>`));
    // The session is not known yet: Book leads to the booking page, whose guard sends a visitor to sign in (a
    // signed-in client clicking before the app starts must not land on the sign-in form).
    expect(html).toMatch(new RegExp(`<a[^>]*href="/book/${service.id}"[^>]*>.*?Book Consultation Now`));
    expect(firstPaint(await page('/services/999', 404))).toBe('');
    expect(firstPaint(await page('/contact'))).toBe('');
  });

  it('names the scripts of a page drawn by its HTML in an inert template, to be fetched after its first paint', async () => {
    const html = await page('/');
    const template = /<template>(.*?)<\/template>/s.exec(html)?.[1];
    expect(template).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/app-1.js"><link rel="modulepreload" crossorigin href="/assets/home-1.js">',
    );
    // Outside the template, only the script that starts the app.
    expect(html.replace(/<template>.*?<\/template>/s, '')).not.toContain('modulepreload');
    // A page the app draws alone fetches its scripts at once.
    const contact = await page('/services/999', 404);
    expect(contact).not.toContain('<template>');
    expect(contact).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(contact).toContain('<link rel="modulepreload" crossorigin href="/assets/service-detail-1.js">');
  });

  it("shows an administrator's change in the next page, its text escaped by React", async () => {
    const admin = await signedInAdmin(testApp, 'office@first-paint.test');
    const service = (await testApp.app.inject(apiPaths.catalogue.service(2))).json<{ service: Service }>()
      .service;
    const { id: _id, icon: _icon, rating: _rating, ...record } = service;
    const name = 'Audit <script>alert(1)</script></div></body>';
    const saved = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(2),
      { cookie: admin.cookie },
      { ...record, name },
    );
    expect(saved.statusCode).toBe(200);
    const escaped = 'Audit &lt;script&gt;alert(1)&lt;/script&gt;&lt;/div&gt;&lt;/body&gt;';
    for (const url of ['/services', '/services/2']) {
      const html = firstPaint(await page(url));
      expect(html).toContain(escaped);
      expect(html).not.toContain('<script>alert(1)');
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).not.toContain(`>${service.name}<`);
    }
  });
});

describe('with a first paint renderer that does not load', () => {
  let buildDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'portal-test-build-'));
    const distDir = join(buildDir, 'dist');
    mkdirSync(distDir);
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    const renderer = firstPaintFile(distDir);
    mkdirSync(dirname(renderer));
    writeFileSync(renderer, 'export const renderFirstPaint = (;');
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('starts, and serves the pages without markup, drawn by the app as before', async () => {
    const response = await testApp.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    dataBlock(response.body);
  });
});

describe('with a built web app and the database gone', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'portal-test-dist-'));
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    writeFileSync(join(distDir, 'route-preloads.json'), JSON.stringify(routePreloads));
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('still serves the pages, without the catalogue: the app then asks the API', async () => {
    await testApp.database.handle.close();
    const response = await testApp.app.inject('/services');
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith(head)).toBe(true);
    expect(dataBlockPattern.test(response.body)).toBe(false);
    expect(preloadsIn(response.body)).toEqual(routePreloads['/services']);
  });
});

describe('without a built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: join(tmpdir(), 'portal-missing-dist-xyz') } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('starts, and answers pages with 503 and how to build', async () => {
    const response = await testApp.app.inject('/services');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe(webBuildMissingMessage);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await testApp.app.inject('/api/services');
    expect(response.statusCode).toBe(200);
  });
});
