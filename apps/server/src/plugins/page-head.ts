// The head of a page as the server sends it: its title, description, canonical address and the Open Graph and
// Twitter card tags that link previews read (no crawler or preview runs the app's script).
import { type PageHead, pageTitle, siteName, socialCard } from '@portal/domain';
import { escapeHtml } from '../lib/mail/letter.ts';

export interface HeadTags extends PageHead {
  /** The page's own path; a page without one (not found, signed in only) gets no canonical and is not indexed. */
  canonicalPath?: string;
}

/** The head tags of a page, for an app at `appUrl` (no trailing slash). */
export function headTags(appUrl: string, head: HeadTags): string {
  const title = escapeHtml(pageTitle(head.title));
  const description = escapeHtml(head.description);
  const image = escapeHtml(`${appUrl}${socialCard.path}`);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}">`];
  if (head.canonicalPath === undefined) tags.push('<meta name="robots" content="noindex">');
  else tags.push(`<link rel="canonical" href="${escapeHtml(`${appUrl}${head.canonicalPath}`)}">`);
  tags.push(
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
  );
  if (head.canonicalPath !== undefined) {
    tags.push(`<meta property="og:url" content="${escapeHtml(`${appUrl}${head.canonicalPath}`)}">`);
  }
  tags.push(
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${socialCard.width}">`,
    `<meta property="og:image:height" content="${socialCard.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(socialCard.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  );
  return tags.join('');
}

/** The built index.html's own title and description, which a page's head replaces. */
const templateHead = /\s*<title>[^<]*<\/title>|\s*<meta name="description"[^>]*>/g;

/** `template` with its title and description replaced by `tags`. */
export function withHead(template: string, tags: string): string {
  return template.replace(templateHead, '').replace('</head>', () => `${tags}</head>`);
}
