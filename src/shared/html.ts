// Server-rendered pages (blog, storefront): a tagged template `html` escapes every interpolation
// unless it is marked raw (sanitized post HTML, nested html`` results), so markup from customers and
// staff stays text.

class Raw {
  constructor(readonly value: string) {}
}

/** Marks trusted markup (already sanitized or built by html``). */
export const raw = (value: string) => new Raw(value);

// Characters XML 1.0 forbids; also refused in titles on write, removed here for anything older.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type Value = string | number | null | undefined | Raw | Value[];
export type { Raw };

function render(value: Value): string {
  if (value instanceof Raw) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Raw(out);
}
