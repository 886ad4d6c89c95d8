export interface GalleryItemRow {
  id: string;
  store_id: string;
  url: string;
  caption: string | null;
  alt: string | null;
  is_published: number;
  sort_order: number;
  created_at: string;
}

export interface PromoRow {
  id: string;
  store_id: string;
  title: string;
  subtitle: string | null;
  body: string | null;
  image_url: string | null;
  cta_label: string | null;
  cta_url: string | null;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface VideoRow {
  id: string;
  store_id: string;
  title: string;
  url: string;
  thumbnail_url: string | null;
  provider: string | null;
  published_at: string | null;
  created_at: string;
}

export interface ContentTables {
  gallery_items: GalleryItemRow;
  promos: PromoRow;
  videos: VideoRow;
}
