/**
 * Turning fetched bytes into text: the charset comes from the Content-Type header, else a byte
 * order mark, else an HTML `<meta charset>` / `http-equiv` declaration or an XML declaration in
 * the first 4 KB, else UTF-8. Labels go through the WHATWG Encoding Standard (Node's
 * TextDecoder with full ICU), so legacy Korean pages in EUC-KR (`euc-kr`, `ks_c_5601-1987`,
 * `cp949`-style `windows-949`) decode correctly; an unknown label falls back to UTF-8.
 */

/** `text/html; charset=EUC-KR` → { mediaType: 'text/html', charset: 'euc-kr' } */
export function parseContentType(header: string | undefined): { mediaType: string; charset: string | null } {
  if (!header) return { mediaType: '', charset: null };
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p);
    if (m) charset = m[1]!.toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

function bomCharset(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** A charset declared inside the document (HTML meta or XML declaration), from its first 4 KB. */
export function declaredCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1]!.toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return meta ? meta[1]!.toLowerCase() : null;
}

/** The WHATWG name of a label, or null when the label is unknown. */
export function canonicalCharset(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** Decode `bytes`, choosing the charset as described above. Returns the text and the charset used. */
export function decodeBody(bytes: Buffer, headerCharset: string | null): { text: string; charset: string } {
  const candidates = [bomCharset(bytes), headerCharset, declaredCharset(bytes), 'utf-8'];
  for (const c of candidates) {
    if (!c) continue;
    const name = canonicalCharset(c);
    if (!name) continue;
    // TextDecoder strips a BOM that matches the encoding; invalid sequences become U+FFFD.
    return { text: new TextDecoder(name).decode(bytes), charset: name };
  }
  return { text: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8' };
}
