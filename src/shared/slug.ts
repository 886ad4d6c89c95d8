// Slugs: transliterated to ASCII, lowercase, hyphen-separated.
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'ae', ø: 'o', Ø: 'o', œ: 'oe', Œ: 'oe', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', þ: 'th', Þ: 'th',
  ð: 'd', Ð: 'd', ı: 'i', ħ: 'h', '&': ' and ', '@': ' at ',
};

export function slugify(input: string, maxLength = 80): string {
  const replaced = Array.from(input, (ch) => SPECIAL[ch] ?? ch).join('');
  const ascii = replaced.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/g, '');
}

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
