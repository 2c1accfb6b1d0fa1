// One reading of a request's path for every hook that decides by it (the forged-write guard, no-store, the log's
// redaction, the not-found answer): the server refuses any path that routes as something it does not spell, so a
// prefix test on the raw URL is the router's own judgement (docs/decisions/043).

/** Percent-encoded RFC 3986 unreserved characters: the router decodes them, so they only disguise a path. */
const encodedUnreserved = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;

function decodeUnreserved(text: string): string {
  return text.replace(encodedUnreserved, (encoded) =>
    String.fromCharCode(Number.parseInt(encoded.slice(1), 16)),
  );
}

/** Splits a request target into its path and what follows it (`?query`, kept as sent). */
function splitTarget(url: string): [path: string, rest: string] {
  const query = url.indexOf('?');
  return query < 0 ? [url, ''] : [url.slice(0, query), url.slice(query)];
}

/** The path with `.`/`..` segments resolved, runs of `/` collapsed and `/api` in lower case. */
function normalisedPath(rawPath: string): string {
  const segments: string[] = [];
  for (const segment of decodeUnreserved(rawPath).split('/').slice(1)) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  const trailing = rawPath.length > 1 && rawPath.endsWith('/') ? '/' : '';
  const path = `/${segments.join('/')}${segments.length > 0 ? trailing : ''}`;
  return /^\/api(?:\/|$)/i.test(path) ? `/api${path.slice(4)}` : path;
}

/** Whether the router would route `url` as it is spelled: no disguised letters, dot segments, `//` or `/API`. */
export function isCanonicalPath(url: string): boolean {
  const [path] = splitTarget(url);
  return normalisedPath(path) === path;
}

/** `url` as the router reads it, query included (for the log, which must recognise a token however spelled). */
export function canonicalUrl(url: string): string {
  const [path, rest] = splitTarget(url);
  return `${normalisedPath(path)}${decodeUnreserved(rest)}`;
}

/** A path of our API (the rest is the web app and its files). Sound only once non-canonical paths are refused. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
