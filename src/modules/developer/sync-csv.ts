// CSV sync feeds (RFC 4180): a header row naming catalog item fields, then one item per record.
// Pure: turns the text into raw item inputs (validated later, row by row, like JSON feeds) and
// reports structural problems (unbalanced quotes, unknown or missing columns) as errors.
import type { ErrorDetail } from '../../shared/errors.ts';

export interface CsvRecord {
  /** Spreadsheet row number: the header is row 1, so the first item is row 2. */
  row: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(readonly details: ErrorDetail[]) {
    super(details.map((d) => `${d.field}: ${d.message}`).join('; '));
  }
}

/**
 * Splits CSV text into records. Separator `,`; fields may be quoted with `"`, a quote inside a
 * quoted field is doubled (`""`), and quoted fields may hold separators and line breaks. Records end
 * with CRLF, LF or CR. A UTF-8 BOM is ignored; blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row = 1;
  let quoted = false;
  let afterQuote = false;
  let quoteStartRow = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !afterQuote)) records.push({ row, fields });
    fields = [];
    field = '';
    afterQuote = false;
    row++;
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else field += c;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else if (afterQuote) {
      throw new CsvError([{ field: `row ${row}`, message: 'text after a closing quote; quote the whole field and double any quote inside it' }]);
    } else if (c === '"') {
      if (field !== '') throw new CsvError([{ field: `row ${row}`, message: 'a quote inside an unquoted field; quote the whole field and double any quote inside it' }]);
      quoted = true;
      quoteStartRow = row;
    } else field += c;
  }
  if (quoted) throw new CsvError([{ field: `row ${quoteStartRow}`, message: 'a quoted field is never closed' }]);
  if (field !== '' || fields.length > 0 || afterQuote) endRecord();
  return records;
}

/** Header names accepted (case-insensitive; snake_case too) and the item field each one fills. */
const COLUMNS: Record<string, string> = {
  id: 'id',
  name: 'name',
  itemtype: 'itemType',
  item_type: 'itemType',
  type: 'itemType',
  category: 'category',
  description: 'description',
  price: 'price',
  priceminor: 'priceMinor',
  price_minor: 'priceMinor',
  stockcount: 'stockCount',
  stock_count: 'stockCount',
  imageurl: 'imageUrl',
  image_url: 'imageUrl',
  imageurls: 'imageUrls',
  image_urls: 'imageUrls',
  imagealt: 'imageAlt',
  image_alt: 'imageAlt',
  published: 'published',
  schedule: 'schedule',
};

const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

/** One cell as the JSON value an item input would carry; values that do not convert stay strings, so row validation names them. */
function cellValue(field: string, raw: string): unknown {
  const text = raw.trim();
  switch (field) {
    case 'id':
      return text;
    case 'price':
      return DECIMAL.test(text) ? Number(text) : raw;
    case 'priceMinor':
    case 'stockCount':
      return INTEGER.test(text) ? Number(text) : raw;
    case 'published': {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : raw;
    }
    case 'imageUrls':
      return text.split(/[|\s]+/).filter(Boolean);
    case 'schedule':
      try {
        return JSON.parse(text);
      } catch {
        return raw;
      }
    default:
      return raw;
  }
}

export interface CsvFeedRow {
  row: number;
  /** The item input, or null when the record has the wrong number of fields (`problem` says why). */
  item: Record<string, unknown> | null;
  problem?: string;
}

/** Reads a CSV feed into raw item inputs with their spreadsheet row numbers. Empty cells are left out. */
export function csvFeedRows(text: string): CsvFeedRow[] {
  const records = parseCsv(text);
  const header = records.shift();
  if (!header) throw new CsvError([{ field: 'row 1', message: 'the feed is empty; the first row must name the columns (id,name,itemType,price,…)' }]);
  const problems: ErrorDetail[] = [];
  const fields = header.fields.map((name, i) => {
    const field = COLUMNS[name.trim().toLowerCase()];
    if (!field) problems.push({ field: `row 1`, message: `unknown column "${name.trim()}" (column ${i + 1})` });
    return field;
  });
  const seen = new Set<string>();
  for (const f of fields) {
    if (!f) continue;
    if (seen.has(f)) problems.push({ field: 'row 1', message: `column ${f} appears twice` });
    seen.add(f);
  }
  for (const required of ['id', 'name', 'itemType']) {
    if (!seen.has(required)) problems.push({ field: 'row 1', message: `missing column ${required}` });
  }
  if (!seen.has('price') && !seen.has('priceMinor')) problems.push({ field: 'row 1', message: 'missing column price (or priceMinor)' });
  if (problems.length) throw new CsvError(problems);

  return records.map((record) => {
    if (record.fields.length !== fields.length) {
      return { row: record.row, item: null, problem: `has ${record.fields.length} fields, the header has ${fields.length}` };
    }
    const item: Record<string, unknown> = {};
    record.fields.forEach((raw, i) => {
      if (raw.trim() === '') return;
      item[fields[i]] = cellValue(fields[i], raw);
    });
    return { row: record.row, item };
  });
}
