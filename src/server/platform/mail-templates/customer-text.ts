/**
 * Text a customer or a stranger typed (a name, an address, a username, a contact message), made safe to
 * write into a mail of the shop's (decision 0026): cut to its field's length, its invisible characters
 * dropped, and every address in it defanged so that neither the shop's templates (Paragraph links
 * `http(s)://…`) nor a mail client's own linkifier make it clickable: `https://evil.example/x` reads
 * `https[:]//evil[.]example/x`, `maria@gmail.com` reads `maria@gmail[.]com`. Only the shop's links are links.
 */
export function customerText(value: string, max: number, options: { lines?: boolean } = {}): string {
  const cut = [...value.replace(invisible, '')].slice(0, max).join('');
  // One line unless told (a name with line breaks would fake the mail's own lines); a message keeps its breaks.
  const spaced = options.lines ? cut.replace(/\r\n?/g, '\n').replace(/[^\S\n]+/g, ' ') : cut.replace(/\s+/g, ' ');
  return spaced
    .trim()
    .replace(scheme, '[:]//')
    .replace(hostDot, '[.]')
    .replace(ipv4, (ip) => ip.replaceAll('.', '[.]'));
}

/**
 * Format and control characters (zero-width spaces and joiners, soft hyphens, bidirectional overrides): a
 * stranger's way to split an address so it escapes the defanging below yet reads whole, or to reverse text.
 * Line breaks and tabs stay, for the spacing rule.
 */
const invisible = /(?![\t\n\r])[\p{Cf}\p{Cc}\p{Co}]/gu;

/** Any scheme's `://` (http, https, ftp...): no client links an address whose scheme is broken. */
const scheme = /:\/\//g;

/**
 * A dot between a host's labels (ASCII or other scripts), and the dots IDNA reads as one (。．｡): what
 * makes `evil.example`, `www.evil.example` or `maria@gmail.com` a link to a client. Numbers keep their
 * dots (12.50), as does a dot before a single letter ("n.º", "S.A.").
 */
const hostDot = /(?<=[\p{L}\p{N}-])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]{2})/gu;

/** An IPv4 address (a bare `10.0.0.1/x` is linked by some clients). */
const ipv4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
