import sharp from 'sharp';

/** A real PNG of the given size. */
export const pngImage = (width = 800, height = 600, color = '#2f5d50') =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

/** A real JPEG carrying EXIF with a camera and a GPS position, to prove uploads lose them. */
export const jpegWithGps = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#d4a373' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Telemovel', Model: 'Camara Secreta' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 0/1' } })
    .toBuffer();

/** Multipart body for app.inject, as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, files: { field: string; name: string; type: string; data: Buffer }[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}
