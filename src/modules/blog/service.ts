// Store blog: authoring, sanitizing, public projection.
import type { AppContext } from '../../context.ts';

export interface NewPostInput {
  title: string;
  slug?: string;
  excerpt?: string | null;
  coverImageUrl?: string | null;
  coverImageAlt?: string | null;
  contentHtml: string;
  status?: 'draft' | 'published';
}

export function createBlogService(_ctx: AppContext) {
  return {
    /** Creates a post as draft or published (the demo seed uses this). */
    async createPost(_storeId: string, _input: NewPostInput, _createdBy: string): Promise<{ slug: string }> {
      throw new Error('blog not built yet');
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
