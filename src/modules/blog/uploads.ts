// Cover image uploads: the type comes from the file's first bytes (never the client's claim), so
// an HTML or SVG file renamed .png cannot be served back as something a browser would run.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../shared/errors.ts';
import { randomToken } from '../../shared/ids.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp' | 'avif';
  contentType: string;
}

const TYPES: Record<ImageType['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The raster image type of `bytes` by its signature, or null (SVG is refused: it can carry script). */
export function detectImageType(bytes: Buffer): ImageType | null {
  const has = (offset: number, sig: number[] | string) => {
    const expected = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
    return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
  };
  const type = (ext: ImageType['ext']): ImageType => ({ ext, contentType: TYPES[ext] });
  if (has(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('png');
  if (has(0, [0xff, 0xd8, 0xff])) return type('jpg');
  if (has(0, 'GIF87a') || has(0, 'GIF89a')) return type('gif');
  if (has(0, 'RIFF') && has(8, 'WEBP')) return type('webp');
  if (has(4, 'ftypavif') || has(4, 'ftypavis')) return type('avif');
  return null;
}

/**
 * The bytes of the multipart field "file". A body the parser cannot read (cut short, malformed part
 * headers) is the client's error: its plain parser errors would otherwise be 500s. Limits keep
 * their own status (413).
 */
export async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  let truncated = false;
  try {
    const part = await request.file();
    bytes = await part?.toBuffer();
    // The parser stops at the limit and marks the file truncated, but toBuffer() only notices when a
    // chunk arrives after the mark: a file whose excess starts exactly on a chunk boundary (Node's
    // fetch sends 64 KiB chunks; 5 MiB is a multiple) came back cut to the limit as if whole.
    truncated = part?.file.truncated === true;
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw validationFailed([{ field: 'file', message: 'the multipart body is malformed or cut short' }]);
  }
  if (truncated) throw payloadTooLarge();
  if (!bytes) throw validationFailed([{ field: 'file', message: 'send one image in the multipart field "file"' }]);
  if (bytes.length === 0) throw validationFailed([{ field: 'file', message: 'the file is empty' }]);
  return bytes;
}

const payloadTooLarge = () => new AppError(413, 'payload-too-large', `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB; nothing was stored.`);

const FILE_NAME = /^([a-z0-9]+)\/([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp|avif)$/;

/** Stores the image under `uploadDir/<storeId>/` with a random name; returns its path relative to uploadDir. */
export async function saveUpload(uploadDir: string, storeId: string, bytes: Buffer, type: ImageType): Promise<string> {
  const dir = join(uploadDir, storeId);
  await mkdir(dir, { recursive: true });
  const name = `${randomToken(18)}.${type.ext}`;
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return `${storeId}/${name}`;
}

/** Reads a stored upload by its relative path; null when the path is not one saveUpload could produce or the file is gone. */
export async function readUpload(uploadDir: string, relative: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = FILE_NAME.exec(relative);
  if (!m) return null;
  const root = resolve(uploadDir);
  const path = resolve(root, m[1], `${m[2]}.${m[3]}`);
  if (!path.startsWith(root + '/')) return null;
  try {
    return { bytes: await readFile(path), contentType: TYPES[m[3] as ImageType['ext']] };
  } catch {
    return null;
  }
}
