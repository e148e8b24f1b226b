// Content types of an activity package's files, by extension (the package's own claims are not
// trusted): the content origin serves them, the offline player stores them with each file. Sent
// with nosniff, so an unknown extension is opaque bytes rather than guessed. XML types carry no
// charset: the file's own declaration (or BOM) decides, as some exports are not UTF-8.

const TYPES = new Map<string, string>(
  Object.entries({
    html: 'text/html; charset=utf-8',
    htm: 'text/html; charset=utf-8',
    xhtml: 'application/xhtml+xml',
    js: 'text/javascript; charset=utf-8',
    mjs: 'text/javascript; charset=utf-8',
    css: 'text/css; charset=utf-8',
    json: 'application/json; charset=utf-8',
    map: 'application/json; charset=utf-8',
    txt: 'text/plain; charset=utf-8',
    csv: 'text/csv; charset=utf-8',
    xml: 'application/xml',
    vtt: 'text/vtt; charset=utf-8',
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    avif: 'image/avif',
    ico: 'image/x-icon',
    bmp: 'image/bmp',
    mp3: 'audio/mpeg',
    m4a: 'audio/mp4',
    aac: 'audio/aac',
    wav: 'audio/wav',
    ogg: 'audio/ogg',
    oga: 'audio/ogg',
    // Opus files are Ogg streams (RFC 7845); audio/opus names the bare RTP payload.
    opus: 'audio/ogg',
    weba: 'audio/webm',
    mp4: 'video/mp4',
    m4v: 'video/mp4',
    webm: 'video/webm',
    ogv: 'video/ogg',
    woff: 'font/woff',
    woff2: 'font/woff2',
    ttf: 'font/ttf',
    otf: 'font/otf',
    eot: 'application/vnd.ms-fontobject',
    wasm: 'application/wasm',
    pdf: 'application/pdf',
    zip: 'application/zip',
  }),
);

/** The type of the file at `path` (slash-separated): by the extension of its last segment, where a
 * leading dot (`.htaccess`) is not one. */
export function packageContentType(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return TYPES.get(extension) ?? 'application/octet-stream';
}
