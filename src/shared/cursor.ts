import { badRequest } from './errors.ts';

/**
 * Opaque keyset cursors: base64url JSON of the sort key of the last row returned.
 * Keyset (not offset) pagination stays stable while rows are inserted between pages.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): (string | number)[] | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === arity && parsed.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return parsed;
    }
  } catch {
    // fall through
  }
  throw badRequest('validation-failed', 'The cursor is not valid.', [{ field: 'cursor', message: 'not a cursor returned by this endpoint' }]);
}
