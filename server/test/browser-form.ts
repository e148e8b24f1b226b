// A small browser for tests that walk an identity provider's pages without Chromium: it follows
// redirects by hand, keeps the cookies each site sets, and reads the fields of a page's form.
export type FetchedPage = { url: string; status: number; location: string | null; html: string };

export class FormBrowser {
  private cookies = new Map<string, Map<string, string>>();

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<FetchedPage> {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded', referer: url } : {}),
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    this.cookies.set(host, jar);
    const location = response.headers.get('location');
    return {
      url,
      status: response.status,
      location: location ? new URL(location, url).toString() : null,
      html: await response.text(),
    };
  }

  /** Follows redirects (GET) until a page answers; `stopAt` ends early at a URL it accepts. */
  async follow(url: string, stopAt?: (url: string) => boolean): Promise<FetchedPage> {
    let page = await this.request(url);
    for (let hops = 0; page.location && hops < 10; hops++) {
      if (stopAt?.(page.location)) return page;
      page = await this.request(page.location);
    }
    return page;
  }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first form of a page: where it posts, and its named fields with their values. */
export function readForm(page: FetchedPage): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*>/i.exec(page.html)?.[0];
  if (!form) throw new Error(`no form at ${page.url} (${page.status}): ${page.html.slice(0, 300)}`);
  const action = decodeEntities(/\saction="([^"]*)"/i.exec(form)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const [input] of page.html.matchAll(/<input\b[^>]*>/gi)) {
    const name = /\sname="([^"]+)"/i.exec(input)?.[1];
    if (name) fields[decodeEntities(name)] = decodeEntities(/\svalue="([^"]*)"/i.exec(input)?.[1] ?? '');
  }
  return { action: new URL(action || page.url, page.url).toString(), fields };
}
