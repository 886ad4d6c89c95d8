// Slugs: transliterated to ASCII, lowercase, hyphen-separated.
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'ae', ø: 'o', Ø: 'o', œ: 'oe', Œ: 'oe', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', þ: 'th', Þ: 'th',
  ð: 'd', Ð: 'd', ı: 'i', ħ: 'h', '&': ' and ', '@': ' at ',
};

// Scripts that NFKD cannot reduce to ASCII: Cyrillic (Russian/Ukrainian, ISO 9-like) and Greek.
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch',
  ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x',
  ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

function transliterate(ch: string): string {
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  const lower = ch.toLowerCase();
  // Greek accents (ά, ώ…) decompose under NFD to a base letter the table knows.
  const base = lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return CYRILLIC[lower] ?? CYRILLIC[base] ?? GREEK[base] ?? ch;
}

export function slugify(input: string, maxLength = 80): string {
  const replaced = Array.from(input, transliterate).join('');
  const ascii = replaced.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/g, '');
}

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
