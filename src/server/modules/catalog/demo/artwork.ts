import { escapeMarkup } from '../../../platform/html.ts';
// The demo catalogue's pictures, drawn in code as SVG (no downloads, no files in the repository) and
// rasterised by the same pipeline as an admin's upload.

export type Palette = { background: string; main: string; accent: string; ink: string };

/** The demo shop's colours, shared by its products and its services. */
export const sage: Palette = { background: '#e8efe6', main: '#7d9a7a', accent: '#c9d8c0', ink: '#2f4a3a' };
export const sand: Palette = { background: '#f5ecdf', main: '#c49a6c', accent: '#e6cfae', ink: '#5b4027' };
export const terracotta: Palette = { background: '#f8e6dd', main: '#c8694b', accent: '#efb9a2', ink: '#5a2a1b' };
export const mist: Palette = { background: '#e4ecf2', main: '#6f8fa8', accent: '#bcd0df', ink: '#273d4f' };
export const blush: Palette = { background: '#f7e7ea', main: '#c07a8a', accent: '#eac3cb', ink: '#5a2b36' };
export const butter: Palette = { background: '#faf3d9', main: '#d4a72c', accent: '#efdc97', ink: '#5a4510' };
export const lavender: Palette = { background: '#eeeaf5', main: '#8a7bb0', accent: '#d2cae6', ink: '#352c52' };
export const stone: Palette = { background: '#eeece8', main: '#8b8680', accent: '#d3cfc8', ink: '#34312d' };
export const teal: Palette = { background: '#e1f0ee', main: '#3f8f86', accent: '#a9d6cf', ink: '#1d4540' };
/** The palettes by name, as the demo catalogue's data names them. */
export const palettes = { sage, sand, terracotta, mist, blush, butter, lavender, stone, teal };

/** What a picture shows, drawn by `motif`. */
export const MOTIFS = ['box', 'boxes', 'tag', 'planner', 'hanger', 'divider', 'basket', 'jar', 'bag', 'cables', 'tiers', 'notepad', 'kit', 'pdf', 'checklist', 'video', 'book'] as const;
export type Motif = (typeof MOTIFS)[number];

/** SVG canvas: 800×600 units, drawn at 500×375 and rasterised at 144 dpi, so the images are 1000×750. */
const W = 800;
const H = 600;
const SIZE = 'width="500" height="375"';
const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";

/** Each motif drawn in a 300×300 box, in the product's colours. */
function motif(kind: Motif, p: Palette): string {
  const { main, accent, background: bg, ink } = p;
  switch (kind) {
    case 'box':
      return `<rect x="35" y="115" width="230" height="155" rx="8" fill="${main}"/>
        <rect x="20" y="70" width="260" height="55" rx="10" fill="${accent}"/>
        <rect x="115" y="170" width="70" height="44" rx="5" fill="${bg}"/>
        <rect x="125" y="184" width="50" height="6" rx="3" fill="${ink}" opacity=".5"/>
        <rect x="125" y="196" width="34" height="6" rx="3" fill="${ink}" opacity=".5"/>`;
    case 'boxes':
      return `<rect x="20" y="160" width="150" height="110" rx="6" fill="${main}"/>
        <rect x="130" y="60" width="150" height="110" rx="6" fill="${accent}"/>
        <rect x="150" y="180" width="130" height="90" rx="6" fill="${main}" opacity=".75"/>
        <rect x="60" y="200" width="70" height="24" rx="4" fill="${bg}"/>
        <rect x="170" y="95" width="70" height="24" rx="4" fill="${bg}"/>`;
    case 'tag':
      return `<path d="M100 55 H262 a14 14 0 0 1 14 14 V231 a14 14 0 0 1 -14 14 H100 L30 150 Z" fill="${main}"/>
        <circle cx="92" cy="150" r="16" fill="${bg}"/>
        <path d="M92 150 C60 110 40 70 10 40" stroke="${ink}" stroke-width="5" fill="none" stroke-linecap="round"/>
        <rect x="135" y="115" width="110" height="14" rx="7" fill="${accent}"/>
        <rect x="135" y="145" width="80" height="14" rx="7" fill="${accent}"/>
        <rect x="135" y="175" width="95" height="14" rx="7" fill="${accent}"/>`;
    case 'planner':
      return `<rect x="60" y="25" width="200" height="255" rx="12" fill="${main}"/>
        <rect x="90" y="60" width="140" height="185" rx="6" fill="${bg}"/>
        ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="60" cy="${45 + i * 30}" r="9" fill="none" stroke="${ink}" stroke-width="5"/>`).join('')}
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="105" y="${85 + i * 32}" width="${i % 2 ? 80 : 110}" height="8" rx="4" fill="${accent}"/>`).join('')}
        <rect x="232" y="25" width="12" height="255" fill="${accent}"/>`;
    case 'hanger':
      return [0, 1, 2]
        .map(
          (i) => `<g transform="translate(${i * 26} ${i * 22})" opacity="${1 - i * 0.25}">
          <path d="M130 95 V82 C130 64 156 62 156 44 C156 28 142 20 130 20 C118 20 108 28 108 40" stroke="${ink}" stroke-width="8" fill="none" stroke-linecap="round"/>
          <path d="M130 95 L30 180 Q22 190 36 190 H224 Q238 190 230 180 Z" stroke="${i ? accent : main}" stroke-width="16" fill="none" stroke-linejoin="round"/></g>`,
        )
        .join('');
    case 'divider':
      return `<rect x="15" y="70" width="270" height="180" rx="12" fill="${main}"/>
        <rect x="30" y="85" width="110" height="70" rx="6" fill="${bg}"/>
        <rect x="150" y="85" width="120" height="70" rx="6" fill="${bg}"/>
        <rect x="30" y="165" width="70" height="70" rx="6" fill="${bg}"/>
        <rect x="110" y="165" width="70" height="70" rx="6" fill="${bg}"/>
        <rect x="190" y="165" width="80" height="70" rx="6" fill="${bg}"/>
        <circle cx="85" cy="120" r="16" fill="${accent}"/><rect x="170" y="110" width="80" height="18" rx="9" fill="${accent}"/>`;
    case 'basket':
      return `<path d="M95 110 C95 40 205 40 205 110" stroke="${ink}" stroke-width="10" fill="none"/>
        <path d="M30 105 H270 L240 275 H60 Z" fill="${main}"/>
        ${[0, 1, 2, 3].map((i) => `<path d="M${38 + i * 6} ${140 + i * 35} H${262 - i * 6}" stroke="${accent}" stroke-width="9" stroke-linecap="round"/>`).join('')}`;
    case 'jar':
      return [0, 1]
        .map(
          (i) => `<g transform="translate(${i * 120} ${i * 40})">
          <rect x="40" y="40" width="110" height="32" rx="8" fill="${i ? accent : ink}"/>
          <rect x="25" y="68" width="140" height="200" rx="34" fill="${main}" opacity="${i ? 0.8 : 1}"/>
          <rect x="50" y="140" width="90" height="50" rx="6" fill="${bg}"/></g>`,
        )
        .join('');
    case 'bag':
      return `<rect x="40" y="40" width="220" height="230" rx="22" fill="${main}"/>
        <path d="M40 80 H260" stroke="${accent}" stroke-width="10"/>
        <circle cx="150" cy="175" r="34" fill="${bg}"/><circle cx="150" cy="175" r="14" fill="${accent}"/>`;
    case 'cables':
      return `${[0, 1, 2].map((i) => `<path d="M10 ${90 + i * 60} C80 ${40 + i * 60} 160 ${140 + i * 60} 290 ${90 + i * 60}" stroke="${i === 1 ? accent : main}" stroke-width="12" fill="none" stroke-linecap="round"/>`).join('')}
        <rect x="120" y="60" width="46" height="200" rx="16" fill="${ink}" opacity=".85"/>`;
    case 'tiers':
      return `<rect x="30" y="190" width="240" height="80" rx="8" fill="${main}" opacity=".8"/>
        <rect x="55" y="110" width="190" height="80" rx="8" fill="${main}" opacity=".6"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="${75 + i * 40}" y="${60 + (i % 2) * 15}" width="22" height="${60 - (i % 2) * 15}" rx="5" fill="${i % 2 ? accent : ink}"/>`).join('')}
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="${48 + i * 44}" y="150" width="26" height="110" rx="6" fill="${i % 2 ? accent : bg}"/>`).join('')}`;
    case 'notepad':
      return `<rect x="55" y="30" width="190" height="250" rx="10" fill="${bg}" stroke="${main}" stroke-width="10"/>
        <circle cx="150" cy="30" r="22" fill="${accent}"/>
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="85" y="${85 + i * 36}" width="${i % 2 ? 90 : 130}" height="10" rx="5" fill="${main}"/>`).join('')}`;
    case 'kit':
      return `<g transform="translate(0 90) scale(.62)">${motif('box', p)}</g>
        <g transform="translate(150 20) scale(.5)">${motif('jar', p)}</g>
        <g transform="translate(140 160) scale(.48)">${motif('tag', p)}</g>`;
    case 'pdf':
      return `<path d="M60 15 H200 L250 65 V285 H60 Z" fill="${bg}" stroke="${main}" stroke-width="8" stroke-linejoin="round"/>
        <path d="M200 15 V65 H250" fill="${accent}" stroke="${main}" stroke-width="8" stroke-linejoin="round"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="90" y="${90 + i * 30}" width="${i % 2 ? 100 : 130}" height="9" rx="4" fill="${accent}"/>`).join('')}
        <rect x="30" y="215" width="120" height="52" rx="8" fill="${main}"/>
        <text x="90" y="251" text-anchor="middle" ${FONT} font-size="30" font-weight="700" fill="${bg}">PDF</text>`;
    case 'checklist':
      return `<rect x="45" y="15" width="210" height="270" rx="12" fill="${bg}" stroke="${main}" stroke-width="8"/>
        ${[0, 1, 2, 3, 4].map(
          (i) => `<rect x="70" y="${45 + i * 48}" width="28" height="28" rx="6" fill="none" stroke="${main}" stroke-width="5"/>
          ${i < 3 ? `<path d="M75 ${59 + i * 48} l8 8 l16 -18" stroke="${accent}" stroke-width="6" fill="none" stroke-linecap="round"/>` : ''}
          <rect x="112" y="${54 + i * 48}" width="${i % 2 ? 90 : 120}" height="10" rx="5" fill="${main}" opacity=".7"/>`,
        ).join('')}`;
    case 'video':
      return `<rect x="15" y="45" width="270" height="175" rx="14" fill="${main}"/>
        <rect x="30" y="60" width="240" height="145" rx="8" fill="${bg}"/>
        <circle cx="150" cy="132" r="42" fill="${accent}"/>
        <path d="M136 110 L172 132 L136 154 Z" fill="${bg}"/>
        <rect x="125" y="220" width="50" height="30" fill="${main}"/><rect x="85" y="248" width="130" height="14" rx="7" fill="${ink}"/>`;
    case 'book':
      return `<path d="M150 70 C110 40 60 40 20 55 V250 C60 235 110 235 150 265 Z" fill="${main}"/>
        <path d="M150 70 C190 40 240 40 280 55 V250 C240 235 190 235 150 265 Z" fill="${accent}"/>
        ${[0, 1, 2, 3].map((i) => `<path d="M45 ${95 + i * 35} C75 ${87 + i * 35} 105 ${87 + i * 35} 130 ${97 + i * 35}" stroke="${bg}" stroke-width="6" fill="none" stroke-linecap="round"/>`).join('')}`;
  }
}

/** Splits a name into at most three lines that fit the canvas. */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The text in large letters, wrapped to `width` canvas units (bold sans: ~0.63 em a letter), smaller when long. */
function title(text: string, at: { x: number; y: number; width: number; size: number; ink: string; middle?: boolean; lines?: number }): string {
  let fontSize = at.size;
  let lines = wrap(text, Math.floor(at.width / (fontSize * 0.63)));
  while (lines.length > (at.lines ?? 3) && fontSize > at.size * 0.6) {
    fontSize = Math.round(fontSize * 0.85);
    lines = wrap(text, Math.floor(at.width / (fontSize * 0.63)));
  }
  const lineHeight = Math.round(fontSize * 1.15);
  const y = at.middle ? at.y - ((lines.length - 1) * lineHeight) / 2 : at.y;
  const tspans = lines.map((line, i) => `<tspan x="${at.x}" dy="${i ? lineHeight : 0}">${escapeMarkup(line)}</tspan>`).join('');
  return `<text x="${at.x}" y="${y}" ${FONT} font-size="${fontSize}" font-weight="700" fill="${at.ink}">${tspans}</text>`;
}

const signature = (ink: string) =>
  `<text x="60" y="${H - 40}" ${FONT} font-size="22" fill="${ink}" opacity=".6">Loja · organização pessoal</text>`;

/**
 * A product picture: view 0 is the cover (name in large letters beside the motif), view 1 the motif up
 * close with a caption (sizes, colours, contents), view 2 a pattern of the motif.
 */
export function productArtwork(options: { name: string; motif: Motif; palette: Palette; view: number; caption?: string | undefined }): string {
  const { name, palette: p } = options;
  let body: string;
  if (options.view === 1) {
    body = `<rect width="${W}" height="${H}" fill="${p.accent}" opacity=".35"/>
      <circle cx="240" cy="300" r="220" fill="${p.background}"/>
      <g transform="translate(62 122) scale(1.18)">${motif(options.motif, p)}</g>
      ${title(options.caption ?? name, { x: 480, y: 310, width: 290, size: 38, ink: p.ink, middle: true, lines: 4 })}`;
  } else if (options.view === 2) {
    const tiles = [];
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 5; col++) {
        tiles.push(`<g transform="translate(${col * 170 - (row % 2) * 80} ${row * 170 + 20}) scale(.45)" opacity=".9">${motif(options.motif, p)}</g>`);
      }
    }
    body = `${tiles.join('')}<rect x="0" y="${H - 120}" width="${W}" height="120" fill="${p.background}" opacity=".92"/>
      ${title(name, { x: 60, y: H - 70, width: 680, size: 34, ink: p.ink })}`;
  } else {
    body = `<circle cx="${W - 120}" cy="110" r="150" fill="${p.accent}" opacity=".35"/>
      ${title(name, { x: 60, y: 120, width: 680, size: 56, ink: p.ink })}
      <g transform="translate(${W - 380} ${H - 350})">${motif(options.motif, p)}</g>
      ${signature(p.ink)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" ${SIZE} viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${p.background}"/>${body}</svg>`;
}

/** The home hero's 'Sobre' picture: a warm, tidy corner of a room at golden hour. 1200×800. */
export function aboutArtwork(): string {
  const shelf = (y: number) => `<rect x="640" y="${y}" width="460" height="16" rx="4" fill="#8a5a3b"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 1200 800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f9d9b5"/><stop offset="1" stop-color="#fbeee0"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <rect x="90" y="110" width="380" height="420" rx="16" fill="#fff6ea" stroke="#c98b5a" stroke-width="14"/>
    <path d="M280 110 V530 M90 320 H470" stroke="#c98b5a" stroke-width="10"/>
    <circle cx="380" cy="220" r="58" fill="#f4a259" opacity=".9"/>
    <rect x="0" y="640" width="1200" height="160" fill="#d9a47a"/>
    <rect x="0" y="630" width="1200" height="16" fill="#b97d52"/>
    ${shelf(260)}${shelf(430)}
    <rect x="665" y="190" width="110" height="70" rx="8" fill="#e07a5f"/><rect x="790" y="200" width="120" height="60" rx="8" fill="#f2cc8f"/>
    <rect x="700" y="215" width="40" height="16" rx="4" fill="#fff6ea"/>
    <path d="M930 260 L950 190 H1030 L1050 260 Z" fill="#81b29a"/>
    <path d="M990 190 C960 120 1000 110 990 60 M990 190 C1030 140 1060 150 1075 110 M990 190 C950 160 930 170 915 130" stroke="#3d7a5f" stroke-width="12" fill="none" stroke-linecap="round"/>
    <path d="M670 430 L685 350 H815 L830 430 Z" fill="#c98b5a"/>
    <path d="M690 370 H810 M686 395 H814" stroke="#a86b43" stroke-width="8"/>
    <rect x="860" y="340" width="40" height="90" rx="4" fill="#3d405b"/><rect x="905" y="355" width="36" height="75" rx="4" fill="#e07a5f"/>
    <rect x="946" y="330" width="44" height="100" rx="4" fill="#f2cc8f"/><rect x="996" y="350" width="34" height="80" rx="4" fill="#81b29a"/>
    <rect x="150" y="560" width="420" height="150" rx="18" fill="#e9c46a"/>
    <rect x="180" y="590" width="170" height="95" rx="10" fill="#f4a261"/><rect x="370" y="590" width="170" height="95" rx="10" fill="#e76f51"/>
    <rect x="240" y="625" width="50" height="16" rx="6" fill="#fff6ea"/><rect x="430" y="625" width="50" height="16" rx="6" fill="#fff6ea"/>
    <ellipse cx="860" cy="725" rx="230" ry="42" fill="#e07a5f" opacity=".45"/>
  </svg>`;
}
