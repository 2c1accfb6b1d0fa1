// Shared links preview as the page they lead to, and crawlers find the pages: each page's head as the server sends
// it, robots.txt, sitemap.xml, the favicon, and the statuses of missing and retired services' pages.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, type NewServiceBody, type Service } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

/** The built index.html as far as these tests care: Vite's title and description, which each page replaces. */
const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="The build\'s own description." />' +
  '<title>OT Consulting</title><script type="module" src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const webPublic = join(import.meta.dirname, '../../../web/public');

let distDir: string;
let testApp: TestApp;
let admin: Caller;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'portal-test-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  // The web app's own public files, as the build copies them.
  for (const file of ['favicon.ico', 'favicon.svg', 'social-card.png']) {
    copyFileSync(join(webPublic, file), join(distDir, file));
  }
  testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  admin = await signedInAdmin(testApp, 'office@link-previews.test');
});
afterAll(async () => {
  await testApp?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** What a page's head says: its title, and its meta and link tags, each read once (a second one is an error). */
interface Head {
  title: string | undefined;
  titles: number;
  meta: Map<string, string>;
  canonical: string | undefined;
}

function attributes(tag: string): Map<string, string> {
  return new Map(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name ?? '', value ?? '']),
  );
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_all, name: string) => entities[name] ?? '');

/** The head of a page, parsed: only what sits between <head> and </head>. */
function headOf(html: string): Head {
  const head = /<head>(.*?)<\/head>/s.exec(html)?.[1];
  if (head === undefined) throw new Error('the page has no head');
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const each = attributes(tag);
    const key = each.get('name') ?? each.get('property');
    if (key === undefined) continue;
    expect(meta.has(key), `${key} appears twice`).toBe(false);
    meta.set(key, decode(each.get('content') ?? ''));
  }
  const canonicals = [...head.matchAll(/<link rel="canonical"[^>]*>/g)].map(([tag]) =>
    attributes(tag).get('href'),
  );
  expect(canonicals.length).toBeLessThanOrEqual(1);
  return {
    title: titles[0]?.[1] === undefined ? undefined : decode(titles[0][1]),
    titles: titles.length,
    meta,
    canonical: canonicals[0] === undefined ? undefined : decode(canonicals[0]),
  };
}

const get = (url: string) => testApp.app.inject(url);

async function services(): Promise<Service[]> {
  return (await get(apiPaths.catalogue.services)).json<{ services: Service[] }>().services;
}

let nameCounter = 0;
async function createService(): Promise<Service> {
  nameCounter += 1;
  const body: NewServiceBody = {
    name: `Cloud Cost Review ${nameCounter}`,
    category: 'cloud',
    hourly_rate: 160,
    duration: 60,
    description: 'Find out where your cloud bill goes, & what to stop paying for.',
    longDescription: 'We read your bill.\nThen we cut it.',
    features: [],
    benefits: [],
    process: [],
    technologies: [],
    deliverables: [],
  };
  const response = await api(testApp.app, 'POST', apiPaths.catalogue.adminServices, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ service: Service }>().service;
}

async function retire(service: Service): Promise<void> {
  const { id, icon: _icon, rating: _rating, ...record } = service;
  const response = await api(testApp.app, 'PUT', apiPaths.catalogue.adminService(id), admin, {
    ...record,
    active: false,
  });
  expect(response.statusCode, response.body).toBe(200);
}

function expectPreview(head: Head, title: string, description: string, url: string) {
  expect(head.titles).toBe(1);
  expect(head.title).toBe(title);
  expect(head.meta.get('description')).toBe(description);
  expect(head.canonical).toBe(url);
  expect(head.meta.get('robots')).toBeUndefined();
  expect(head.meta.get('og:title')).toBe(title);
  expect(head.meta.get('og:description')).toBe(description);
  expect(head.meta.get('og:url')).toBe(url);
  expect(head.meta.get('og:type')).toBe('website');
  expect(head.meta.get('og:site_name')).toBe('OT Consulting');
  expect(head.meta.get('og:image')).toBe(`${appUrl}/social-card.png`);
  expect(head.meta.get('og:image:width')).toBe('1200');
  expect(head.meta.get('og:image:height')).toBe('630');
  expect(head.meta.get('og:image:alt')).toBeTruthy();
  expect(head.meta.get('twitter:card')).toBe('summary_large_image');
  expect(head.meta.get('twitter:title')).toBe(title);
  expect(head.meta.get('twitter:description')).toBe(description);
  expect(head.meta.get('twitter:image')).toBe(`${appUrl}/social-card.png`);
}

describe("a public page's head", () => {
  it.each([
    ['/', 'OT Consulting | IT consulting for growing businesses', /^OT Consulting helps companies/],
    ['/services', 'Services | OT Consulting', /^Web development, database architecture/],
    ['/contact', 'Contact Us | OT Consulting', /^Tell OT Consulting about your project/],
    ['/terms', 'Terms of Service | OT Consulting', /payment and refunds\.$/],
    ['/privacy', 'Privacy Policy | OT Consulting', /download or delete your data\.$/],
    ['/cookies', 'Cookie Policy | OT Consulting', /no trackers, no analytics/],
    ['/login', 'Login | OT Consulting', /client portal/],
    ['/register', 'Register | OT Consulting', /^Create your OT Consulting account/],
    ['/forgot-password', 'Forgot Password | OT Consulting', /password/],
    ['/reset-password', 'Reset Password | OT Consulting', /new password/],
  ])('%s is titled %s, described, and previewed with its own address', async (path, title, description) => {
    const response = await get(`${path}?utm_source=chat`);
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    expect(head.meta.get('description')).toMatch(description);
    expectPreview(head, title, head.meta.get('description') ?? '', `${appUrl}${path}`);
    // The build's own title and description are gone.
    expect(response.body).not.toContain("The build's own description.");
    expect(response.body).not.toContain('<title>OT Consulting</title>');
  });

  it("a service's page is titled by the service and described by its description, escaped", async () => {
    const service = await createService();
    const response = await get(`/services/${service.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('what to stop paying for.');
    expect(response.body).toContain('&amp; what');
    expectPreview(
      headOf(response.body),
      `${service.name} | OT Consulting`,
      service.description,
      `${appUrl}/services/${service.id}`,
    );
  });

  it("follows a service's new name at once, and no name can break out of the head", async () => {
    const service = await createService();
    const { id, icon: _icon, rating: _rating, ...record } = service;
    const name = 'Audit "</title><script>alert(1)</script>';
    const saved = await api(testApp.app, 'PUT', apiPaths.catalogue.adminService(id), admin, {
      ...record,
      name,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await get(`/services/${id}`);
    expect(response.body).not.toContain('<script>alert(1)');
    const head = headOf(response.body);
    expect(head.titles).toBe(1);
    expect(head.title).toBe(`${name} | OT Consulting`);
    expect(head.meta.get('og:title')).toBe(`${name} | OT Consulting`);
  });

  it.each(['/dashboard', '/profile', '/my-bookings', '/booking/1', '/admin/services', '/services/1/book'])(
    '%s, behind a sign-in, keeps crawlers out and has no address of its own',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      const head = headOf(response.body);
      expect(head.titles).toBe(1);
      expect(head.meta.get('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      expect(head.meta.get('og:url')).toBeUndefined();
    },
  );
});

describe('pages that are not there', () => {
  it('a path that is no page answers 404 with the app, titled Page Not Found and not indexed', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    const head = headOf(response.body);
    expect(head.title).toBe('Page Not Found | OT Consulting');
    expect(head.meta.get('robots')).toBe('noindex');
  });

  it.each(['/services/999999', '/services/not-a-number', '/services/0'])(
    "an unknown service's page %s answers 404 with the app, titled Service Not Found",
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root">');
      const head = headOf(response.body);
      expect(head.title).toBe('Service Not Found | OT Consulting');
      expect(head.meta.get('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    },
  );

  it("a retired service's page answers 410 with the app, which shows its notice; not indexed", async () => {
    const service = await createService();
    expect((await get(`/services/${service.id}`)).statusCode).toBe(200);
    await retire(service);
    const response = await get(`/services/${service.id}`);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<div id="root">');
    const head = headOf(response.body);
    expect(head.title).toBe(`${service.name} | OT Consulting`);
    expect(head.meta.get('description')).toBe('This service is no longer offered.');
    expect(head.meta.get('robots')).toBe('noindex');
    expect(head.canonical).toBeUndefined();
    // The app reads it from the API, which still answers for it.
    expect((await get(apiPaths.catalogue.service(service.id))).statusCode).toBe(200);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the API and the signed-in pages, names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/dashboard', '/profile', '/my-bookings', '/booking/', '/book/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const path of ['/', '/services', '/contact', '/login', '/register']) {
      expect(lines).not.toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  const locs = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map(([, loc]) => loc ?? '');

  it('lists the public pages and the page of every offered service, by their full address', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(response.body).toMatch(
      /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(<url><loc>[^<]+<\/loc><\/url>\n)+<\/urlset>\n$/,
    );
    const listed = locs(response.body);
    const pages = ['/', '/services', '/contact', '/terms', '/privacy', '/cookies', '/login', '/register'];
    for (const path of pages) {
      expect(listed).toContain(`${appUrl}${path}`);
    }
    const offered = await services();
    expect(offered.length).toBeGreaterThan(0);
    for (const service of offered) expect(listed).toContain(`${appUrl}/services/${service.id}`);
    expect(listed).toHaveLength(pages.length + offered.length);
  });

  it('follows the catalogue in every server process: a new service is added, a retired one leaves', async () => {
    const other = await secondApp(testApp);
    try {
      const listedBy = async () => locs((await other.app.inject('/sitemap.xml')).body);
      const before = await listedBy();
      const service = await createService();
      const page = `${appUrl}/services/${service.id}`;
      expect(before).not.toContain(page);
      // The other process serves the change within a second (the catalogue cache's version).
      const within = async (check: (listed: string[]) => boolean) => {
        const changedAt = Date.now();
        while (!check(await listedBy())) {
          expect(Date.now() - changedAt).toBeLessThan(1000);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      await within((listed) => listed.includes(page));
      expect(locs((await get('/sitemap.xml')).body)).toContain(page);
      await retire(service);
      expect(locs((await get('/sitemap.xml')).body)).not.toContain(page);
      await within((listed) => !listed.includes(page));
    } finally {
      await other.close();
    }
  });
});

describe('the favicon', () => {
  it('/favicon.ico is an icon file', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    // An ICO header: reserved 0, type 1 (icon), at least one image.
    expect(response.rawPayload.readUInt16LE(0)).toBe(0);
    expect(response.rawPayload.readUInt16LE(2)).toBe(1);
    expect(response.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('the social card is a 1200×630 PNG', async () => {
    const response = await get('/social-card.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
