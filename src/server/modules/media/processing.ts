import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import { invalid } from '../../platform/errors.ts';

/** Widths served in srcset; an image is never enlarged past its own width. */
const WIDTHS = [320, 640, 1024, 1600] as const;
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

// Anything that can run or fetch: scripts, event handlers, javascript: URLs, external or file references,
// embedded HTML and XML entities (billion laughs, external entities).
const ACTIVE_SVG = /<script|\son\w+\s*=|javascript:|<foreignObject|<!ENTITY|<!DOCTYPE|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|gif|webp);)/i;

/**
 * Checks an upload by its content (never its name or header), then re-encodes it to WebP at a few
 * widths plus a square thumbnail. Re-encoding drops every metadata block (EXIF with GPS included)
 * after applying the EXIF orientation. SVG is accepted only where `allowSvg`, rasterised, and refused
 * when it carries active content.
 */
export async function processImage(buffer: Buffer, options: { allowSvg: boolean }): Promise<ProcessedImage> {
  // SVG is text: judge it before any parser touches it, so even a malformed one with a script is named as such.
  const head = buffer.subarray(0, 4096).toString('utf8').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(buffer.toString('utf8'))) {
    if (!options.allowSvg) throw invalid(mediaMessages.svgNotAllowed, { image: mediaMessages.svgNotAllowed });
    if (ACTIVE_SVG.test(buffer.toString('utf8'))) throw invalid(mediaMessages.svgActive, { image: mediaMessages.svgActive });
  }
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw invalid(mediaMessages.notAnImage, { image: mediaMessages.notAnImage });
  }
  if (format === 'svg') {
    if (!options.allowSvg) throw invalid(mediaMessages.svgNotAllowed, { image: mediaMessages.svgNotAllowed });
  } else if (!format || !RASTER.has(format)) {
    throw invalid(mediaMessages.notAnImage, { image: mediaMessages.notAnImage });
  }

  try {
    const source = () => sharp(buffer, { limitInputPixels: 50_000_000, density: format === 'svg' ? 144 : undefined }).rotate();
    const { info } = await source().toBuffer({ resolveWithObject: true });
    const renditions: Rendition[] = [];
    for (const width of widthsFor(info.width)) {
      const { data, info: out } = await source().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      renditions.push({ rendition: String(width), width: out.width, height: out.height, bytes: data });
    }
    const thumb = await source().resize(THUMB, THUMB, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
    renditions.push({ rendition: 'thumb', width: thumb.info.width, height: thumb.info.height, bytes: thumb.data });

    const full = renditions[renditions.length - 2] as Rendition;
    const version = createHash('sha256').update(full.bytes).digest('hex').slice(0, 12);
    return { width: full.width, height: full.height, size: full.bytes.length, version, renditions };
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw invalid(mediaMessages.notAnImage, { image: mediaMessages.notAnImage });
  }
}
