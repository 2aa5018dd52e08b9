/**
 * An answer of many thousand items is written in slices of time (templates/runtime/codec/write-slices.ts), so that the mock
 * answers other requests while it writes one: issue 16 measured half a second of a blocked event loop for an answer
 * of 80,000 line errors. "While it writes" is made exact: the handler sends the other request in the same turn in
 * which it returns its result, so only a write that lets the event loop run can answer it first. Order is the mock's
 * own (onAnswer), not the order in which the client finished reading.
 *
 * The writers themselves are checked too: in slices or in one piece they write the same markup, for lists nested in
 * list items and lists shared by two members, whatever the slice's length.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient, type FileResult, type LineErrorOrWarning } from '../../generated/client/index.js';
import { DEFAULT_PAYER, createMockService } from '../../generated/mock/index.js';
import {
  checkRecord,
  listWriter,
  textWriter,
  writeMember,
  type WriteValue,
} from '../../templates/runtime/codec/encode.js';
import { encodeString } from '../../templates/runtime/codec/values.js';
import { writeInSlices } from '../../templates/runtime/codec/write-slices.js';

const LINES = 20_000;

function fileResult(lines: number): FileResult {
  const issues: LineErrorOrWarning[] = [];
  for (let i = 1; i <= lines; i++)
    issues.push({ lineNumber: i, isWarning: false, message: `refCode "R" is also on lines ${i + 1} and more` });
  return { errorCode: 'ValidationError', errorMessage: `the file has ${lines} errors`, LineErrorsOrWarning: issues };
}

describe('the payer mock writing an answer of 20,000 line errors', () => {
  const answered: string[] = [];
  let other: Promise<unknown> | undefined;
  let client: PayerClient;
  const service = createMockService({
    credentials: false,
    onAnswer: (a) => answered.push(a.operation ?? '?'),
    handlers: {
      testPaymentFile: () => {
        other = client.getBalances();
        return fileResult(LINES);
      },
    },
  });
  client = new PayerClient({
    baseUrl: 'http://mock.test',
    ...DEFAULT_PAYER,
    throwOnServiceError: false,
    fetch: (input, init) => service.handle(new Request(input, init)),
  });
  afterAll(() => service.close());

  it.each(['soap11', 'httpPost'] as const)(
    '%s: answers a request that came while it wrote, first, and writes every line',
    async (style) => {
      answered.length = 0;
      const styled = new PayerClient({
        baseUrl: 'http://mock.test',
        ...DEFAULT_PAYER,
        style,
        throwOnServiceError: false,
        fetch: (input, init) => service.handle(new Request(input, init)),
      });
      const result = await styled.testPaymentFile({ fileName: 'big.csv', totalAmount: 1 });
      await other;
      expect(answered).toEqual(['GetBalances', 'TestPaymentFile']);
      expect(result.LineErrorsOrWarning).toEqual(fileResult(LINES).LineErrorsOrWarning);
    },
  );
});

type Row = { name: string; tags: string[]; rows: Row[] | undefined };

/** A record writer built from the runtime's pieces, as the generated ones are: a list of records, each with lists. */
const writeTag = textWriter(encodeString);
const writeTags = listWriter('tag', writeTag, true);
const writeRow: WriteValue<Row> = (name, value, path) => {
  const v = checkRecord(path, value, ['name', 'tags', 'rows'], ['name']);
  return (
    `<${name}>` +
    writeMember('name', v['name'], `${path}.name`, writeTag, false, false) +
    writeMember('tags', v['tags'], `${path}.tags`, writeTags, true, true) +
    writeMember('rows', v['rows'], `${path}.rows`, writeRows, true, true) +
    `</${name}>`
  );
};
const writeRows: WriteValue<ReadonlyArray<Row | null>> = (name, value, path) =>
  listWriter('row', writeRow, false)(name, value, path);

const rowArbitrary = fc.letrec((tie) => ({
  row: fc.record({
    name: fc.string({ maxLength: 4 }),
    tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 150 }),
    rows: fc.option(fc.array(tie('row') as fc.Arbitrary<Row>, { maxLength: 3 }), {
      nil: undefined,
      depthSize: 'small',
    }),
  }),
})).row as fc.Arbitrary<Row>;

describe('writing in slices', () => {
  it('writes what a write in one piece writes, for lists nested in list items, ending a slice at every look at the clock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { maxLength: 200 }), async (rows) => {
        const whole = writeRows('rows', rows, 'rows');
        expect(await writeInSlices(() => writeRows('rows', rows, 'rows'), 0)).toBe(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('writes a list shared by two members under each name, and the same list twice the same way', async () => {
    const shared = Array.from({ length: 500 }, (_, i) => `t${i}`);
    const row: Row = { name: 'a', tags: shared, rows: [{ name: 'b', tags: shared, rows: undefined }] };
    const write = () => writeRow('row', row, 'row') + writeTags('other', shared, 'other');
    expect(await writeInSlices(write, 0)).toBe(write());
  });

  it('lets the event loop run between slices, and ends in one slice when there is time', async () => {
    const rows: Row[] = Array.from({ length: 5_000 }, (_, i) => ({ name: `r${i}`, tags: ['x'], rows: undefined }));
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await writeInSlices(() => writeRows('rows', rows, 'rows'), 0);
    const sliced = turns;
    turns = 0;
    await writeInSlices(() => writeRows('rows', rows, 'rows'), 60_000);
    ticking = false;
    // 5,000 items, a look at the clock every 64: about 78 slices, each a turn of the event loop.
    expect(sliced).toBeGreaterThan(50);
    expect(turns).toBe(0);
  });

  it('rejects with what the write throws, keeping its path', async () => {
    const rows = [{ name: 'a', tags: ['x'], rows: undefined }, null] as unknown as Row[];
    await expect(writeInSlices(() => writeRows('rows', rows, 'rows'), 0)).rejects.toThrow(/rows\[1\] is null/);
  });
});
