// Promo, gallery and videos (staff management and integration reads).
import type { AppContext } from '../../context.ts';

export function createContentService(_ctx: AppContext) {
  return {};
}

export type ContentService = ReturnType<typeof createContentService>;
