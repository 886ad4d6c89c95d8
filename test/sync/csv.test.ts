import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CsvError, csvFeedRows, parseCsv } from '../../src/modules/developer/sync-csv.ts';

test('parseCsv reads quoted fields, doubled quotes, separators and line breaks inside quotes, CRLF, LF and CR', () => {
  const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3\r4,5,6';
  assert.deepEqual(parseCsv(text), [
    { row: 1, fields: ['a', 'b', 'c'] },
    { row: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
    { row: 3, fields: ['1', '', '3'] },
    { row: 4, fields: ['4', '5', '6'] },
  ]);
});

test('parseCsv skips blank lines but counts them as spreadsheet rows, and keeps a quoted empty field', () => {
  assert.deepEqual(parseCsv('a\r\n\r\n""\r\nb\r\n'), [
    { row: 1, fields: ['a'] },
    { row: 3, fields: [''] },
    { row: 4, fields: ['b'] },
  ]);
  assert.deepEqual(parseCsv(''), []);
});

test('parseCsv rejects an unclosed quote, a stray quote and text after a closing quote, naming the row', () => {
  assert.throws(() => parseCsv('a,b\n"open,1\n'), (e: CsvError) => e instanceof CsvError && e.details[0].field === 'row 2' && /never closed/.test(e.details[0].message));
  assert.throws(() => parseCsv('a,b\nx"y,1\n'), (e: CsvError) => e instanceof CsvError && e.details[0].field === 'row 2');
  assert.throws(() => parseCsv('a,b\n"x"y,1\n'), (e: CsvError) => e instanceof CsvError && /after a closing quote/.test(e.details[0].message));
});

test('csvFeedRows maps header names (any case, snake_case) and converts cells; empty cells are left out', () => {
  const rows = csvFeedRows(
    'ID,Name,item_type,Price,stock_count,imageUrls,Published,schedule,category\n' +
      'soap,Black Soap,product,12.50,3,https://a.test/1.jpg|https://a.test/2.jpg,no,,\n' +
      'braids,Braids,service,150,,,yes,"{""durationMinutes"":45}",Hair\n',
  );
  assert.deepEqual(rows, [
    { row: 2, item: { id: 'soap', name: 'Black Soap', itemType: 'product', price: 12.5, stockCount: 3, imageUrls: ['https://a.test/1.jpg', 'https://a.test/2.jpg'], published: false } },
    { row: 3, item: { id: 'braids', name: 'Braids', itemType: 'service', price: 150, published: true, schedule: { durationMinutes: 45 }, category: 'Hair' } },
  ]);
});

test('csvFeedRows keeps unconvertible cells as text (so row validation names them) and flags rows with the wrong field count', () => {
  const rows = csvFeedRows('id,name,itemType,priceMinor,published\na,A,product,12.5,maybe\nb,B\n');
  assert.deepEqual(rows[0], { row: 2, item: { id: 'a', name: 'A', itemType: 'product', priceMinor: '12.5', published: 'maybe' } });
  assert.deepEqual(rows[1], { row: 3, item: null, problem: 'has 2 fields, the header has 5' });
});

test('csvFeedRows rejects an empty feed, unknown, repeated and missing columns', () => {
  const details = (text: string) => {
    try {
      csvFeedRows(text);
    } catch (error) {
      assert.ok(error instanceof CsvError);
      return error.details.map((d) => d.message);
    }
    throw new Error('expected a CsvError');
  };
  assert.match(details('')[0], /empty/);
  assert.deepEqual(details('id,name,itemType,price,colour\n'), ['unknown column "colour" (column 5)']);
  assert.deepEqual(details('id,name,itemType,price,Price\n'), ['column price appears twice']);
  assert.deepEqual(details('name,category\n'), ['missing column id', 'missing column itemType', 'missing column price (or priceMinor)']);
});
