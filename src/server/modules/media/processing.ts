import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import { invalid } from '../../platform/errors.ts';

/**
 * Widths served in srcset; an image is never enlarged past its own width. 480: a phone's two-column card (about
 * 200 CSS px at a density of 1.75 to 2.25) needs 350-450 pixels, and 640 would send it twice the bytes.
 */
const WIDTHS = [320, 480, 640, 1024, 1600] as const;
const MAX_WIDTH = 1600;
const THUMB = 300;
const RASTER = new Set(['jpeg', 'png', 'gif', 'webp']);

export type Rendition = { rendition: string; width: number; height: number; bytes: Buffer };
export type ProcessedImage = { width: number; height: number; size: number; version: string; renditions: Rendition[] };

/** The widths an image of this width has, in order; the last is the full-size rendition. */
export function widthsFor(width: number): number[] {
  const full = Math.min(width, MAX_WIDTH);
  return [...WIDTHS.filter((w) => w < full), full];
}

/** A width added after an image was stored (images.ts), made from one of its larger renditions. */
export async function renditionFrom(bytes: Buffer, width: number): Promise<Rendition> {
  const { data, info } = await sharp(bytes).timeout({ seconds: IMAGE_BUDGET.seconds }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { rendition: String(width), width: info.width, height: info.height, bytes: data };
}

// Anything that can run or fetch: scripts, event handlers, javascript: URLs, external or file references,
// embedded HTML and XML entities (billion laughs, external entities).
const ACTIVE_SVG = /<script|\son\w+\s*=|javascript:|<foreignObject|<!ENTITY|<!DOCTYPE|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|gif|webp);)/i;

/** Budgets of one upload (issue #26: an SVG of 200,000 circles took 20 s and 4 GB, drawn six times). */
const IMAGE_BUDGET = {
  /** Pixels one picture may decode to (a 50 MP photo passes; a PNG claiming 30,000 × 30,000 does not). */
  pixels: 50_000_000,
  /** Elements an SVG may have: a logo has hundreds; librsvg's time and memory grow with each one drawn. */
  svgElements: 20_000,
  /** Seconds libvips may spend on one step (the decode, then each rendition). */
  seconds: 10,
} as const;

// An upload is decoded once here and never read again: libvips' cache would only keep its pixels alive after the answer.
sharp.cache(false);

const refuse = (message: string) => invalid(message, { image: message });

/** Tags in an SVG, counted on the bytes ('<' before a letter) before any parser builds a tree of them. */
function svgElements(buffer: Buffer, stopAt: number): number {
  let count = 0;
  for (let i = buffer.indexOf(0x3c); i >= 0 && count <= stopAt; i = buffer.indexOf(0x3c, i + 1)) {
    const next = buffer[i + 1] ?? 0;
    if ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a) count++;
  }
  return count;
}

/** libvips' own errors for a picture over a budget: too many pixels, or out of time. */
function budgetError(err: unknown) {
  const message = err instanceof Error ? err.message : '';
  if (/pixel limit/i.test(message)) return refuse(mediaMessages.tooManyPixels);
  if (/timeout/i.test(message)) return refuse(mediaMessages.tooSlow);
  return undefined;
}

/**
 * Checks an upload by its content (never its name or header), then re-encodes it to WebP at a few
 * widths plus a square thumbnail. Re-encoding drops every metadata block (EXIF with GPS included)
 * after applying the EXIF orientation. SVG is accepted only where `allowSvg`, rasterised, and refused
 * when it carries active content. Every picture is decoded once, into a bitmap no wider than the largest
 * rendition, and the renditions are made from that bitmap; what is over IMAGE_BUDGET is refused first.
 */
export async function processImage(buffer: Buffer, options: { allowSvg: boolean }): Promise<ProcessedImage> {
  // SVG is text: judge it before any parser touches it, so even a malformed one with a script is named as such.
  const head = buffer.subarray(0, 4096).toString('utf8').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(buffer.toString('utf8'))) {
    if (!options.allowSvg) throw refuse(mediaMessages.svgNotAllowed);
    if (ACTIVE_SVG.test(buffer.toString('utf8'))) throw refuse(mediaMessages.svgActive);
    if (svgElements(buffer, IMAGE_BUDGET.svgElements) > IMAGE_BUDGET.svgElements) throw refuse(mediaMessages.svgTooComplex);
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: IMAGE_BUDGET.pixels }).metadata();
  } catch (err) {
    throw budgetError(err) ?? refuse(mediaMessages.notAnImage);
  }
  const { format, width = 0, height = 0 } = metadata;
  if (format === 'svg') {
    if (!options.allowSvg) throw refuse(mediaMessages.svgNotAllowed);
  } else if (!format || !RASTER.has(format)) {
    throw refuse(mediaMessages.notAnImage);
  }
  // An SVG is drawn at twice its size for screens of high density, but never wider than the largest rendition.
  const scale = format === 'svg' && width > 0 ? Math.min(2, MAX_WIDTH / width) : 1;
  if (width * scale * height * scale > IMAGE_BUDGET.pixels) throw refuse(mediaMessages.tooManyPixels);

  try {
    const decoded = await sharp(buffer, { limitInputPixels: IMAGE_BUDGET.pixels, ...(format === 'svg' ? { density: 72 * scale } : {}) })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .timeout({ seconds: IMAGE_BUDGET.seconds })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = decoded.info;
    const bitmap = () => sharp(decoded.data, { raw: { width: w, height: h, channels } }).timeout({ seconds: IMAGE_BUDGET.seconds });
    const renditions: Rendition[] = [];
    for (const target of widthsFor(w)) {
      const { data, info } = await bitmap().resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      renditions.push({ rendition: String(target), width: info.width, height: info.height, bytes: data });
    }
    const thumb = await bitmap().resize(THUMB, THUMB, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
    renditions.push({ rendition: 'thumb', width: thumb.info.width, height: thumb.info.height, bytes: thumb.data });

    const full = renditions[renditions.length - 2] as Rendition;
    const version = createHash('sha256').update(full.bytes).digest('hex').slice(0, 12);
    return { width: full.width, height: full.height, size: full.bytes.length, version, renditions };
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw budgetError(err) ?? refuse(mediaMessages.notAnImage);
  }
}
