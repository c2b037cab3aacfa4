/**
 * A minimal "browser" for OAuth tests over real HTTP: a cookie jar (domain = host:port, Path and
 * Max-Age honoured), redirects followed by hand, HTML forms submitted as
 * application/x-www-form-urlencoded.
 */
interface Cookie {
  name: string;
  value: string;
  path: string;
}

export interface Page {
  url: string;
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

export class TestBrowser {
  private jar = new Map<string, Cookie[]>();

  private cookiesFor(url: URL): string {
    return (this.jar.get(url.host) ?? [])
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, headers: Headers): void {
    for (const raw of headers.getSetCookie()) {
      const [pair, ...attrs] = raw.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      let path = '/';
      let expired = false;
      for (const a of attrs) {
        const [k, v] = a.trim().split('=');
        if (k?.toLowerCase() === 'path' && v) path = v;
        if (k?.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k?.toLowerCase() === 'expires' && v && new Date(v).getTime() < Date.now()) expired = true;
      }
      const list = (this.jar.get(url.host) ?? []).filter((c) => !(c.name === name && c.path === path));
      if (!expired) list.push({ name, value, path });
      this.jar.set(url.host, list);
    }
  }

  /** Names of the cookies kept for a host (tests assert on them). */
  cookieNames(host: string): string[] {
    return (this.jar.get(host) ?? []).map((c) => c.name);
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    const u = new URL(url);
    const headers: Record<string, string> = { accept: 'text/html,application/json' };
    const cookie = this.cookiesFor(u);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(u, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.store(u, res.headers);
    const location = res.headers.get('location');
    return {
      url: u.toString(),
      status: res.status,
      location: location ? new URL(location, u).toString() : null,
      body: await res.text(),
      headers: res.headers,
    };
  }

  /** Follow redirects until a page that is not a redirect, or until `stop(url)` says so. */
  async follow(
    url: string,
    stop: (url: string) => boolean = () => false,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Page> {
    let page = await this.request(url, init);
    for (let hops = 0; page.location && page.status >= 300 && page.status < 400 && hops < 20; hops++) {
      if (stop(page.location)) return page;
      page = await this.request(page.location);
    }
    return page;
  }
}

/** The action of the first form on an HTML page, absolute. */
export function formAction(page: Page): string {
  const m = /<form[^>]*action="([^"]+)"/i.exec(page.body);
  if (!m) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
  return new URL(m[1]!.replace(/&amp;/g, '&'), page.url).toString();
}

/** Hidden inputs of the first form. */
export function hiddenFields(page: Page): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    out[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return out;
}

export { freePort } from '../../../test/free-port.ts';
