// Test fixtures built in code, never downloaded: minimal valid PDFs and zip packages.
import { zipSync } from 'fflate';

/** A small, valid one-page PDF whose page shows `text` (pdf.js and Chromium render it). */
export function buildPdf(text = 'Ardoise test document', pages = 1): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 24 Tf 72 720 Td (${escapePdf(`${text} - page ${i + 1}`)}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function escapePdf(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A zip of the given files (path -> content). */
export function buildZip(files: Record<string, string | Uint8Array>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/** A small playable activity: an index page with a stylesheet, a script and a second page. */
export function buildActivityZip(title = 'Activité de test'): Buffer {
  return buildZip({
    'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="style.css"></head><body><h1 id="title">${title}</h1>
<p id="status">loading</p><a id="next" href="page2.html">Suite</a><script src="app.js"></script></body></html>`,
    'style.css': 'body { font-family: sans-serif; background: #eef; } h1 { color: #224; }',
    'app.js': "document.getElementById('status').textContent = 'script ran';",
    'page2.html':
      '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Page 2</title></head><body><h1 id="page2">Deuxième page</h1></body></html>',
  });
}
