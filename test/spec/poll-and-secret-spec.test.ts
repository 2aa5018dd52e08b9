/**
 * The spec's words for issue 6: a poll's failureCodes (checked against the result's error codes, with
 * file:line:column) and fields that hold secrets.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';
import { PAYER_SPEC, fromRoot } from '../helpers/paths.js';

/** Where the payer spec's relative paths (its simulator folder) start. */
const SPEC_DIR = { baseDir: fromRoot('spec') };

const TEXT = readFileSync(fromRoot(PAYER_SPEC), 'utf8');

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  expect(at, needle).toBeGreaterThanOrEqual(0);
  return text.slice(0, at).split('\n').length;
}

describe('polls: failureCodes', () => {
  it('the payer poll ends on the codes of decision poll-warnings', () => {
    const model = parseSpec(TEXT, PAYER_SPEC, SPEC_DIR);
    expect(model.polls[0]).toMatchObject({
      method: 'waitForProcessingRequest',
      failureCodes: [
        'RequestDoesNotExist',
        'PayerUnknown',
        'EncryptionKeyFailedValidation',
        'AuthorizationError',
        'InvalidPayerIpAddress',
        'ParameterError',
        'RequestLimitReached',
      ],
      decision: { id: 'poll-warnings' },
    });
  });

  it('a code that is not a value of the error enum is reported where it stands, with a suggestion', () => {
    const polls = TEXT.indexOf('\npolls:');
    const text =
      TEXT.slice(0, polls) + TEXT.slice(polls).replace('      - RequestLimitReached\n', '      - RequestLimitReachd\n');
    const [issue, ...rest] = thrown(() => parseSpec(text, PAYER_SPEC, SPEC_DIR), SpecError).issues;
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({
      line: lineOf(text, '- RequestLimitReachd'),
      column: 9,
      path: 'polls[0].failureCodes[6]',
    });
    expect(issue?.message).toMatch(/"RequestLimitReachd" is not a value of enum ErrorCode.*RequestLimitReached/);
  });

  it('an unknown decision on a poll is reported', () => {
    const text = TEXT.replace('    decision: poll-warnings\n', '    decision: poll-warning\n');
    const issues = thrown(() => parseSpec(text, PAYER_SPEC, SPEC_DIR), SpecError).issues;
    expect(issues.map((i) => [i.line, i.path])).toEqual([
      [lineOf(text, 'decision: poll-warning\n'), 'polls[0].decision'],
    ]);
  });
});

describe('fields that hold secrets', () => {
  it('are the dynamic keys, and nothing else', () => {
    const model = parseSpec(TEXT, PAYER_SPEC, SPEC_DIR);
    const secret = model.results.flatMap((r) => r.fields.filter((f) => f.secret).map((f) => `${r.name}.${f.name}`));
    expect(secret).toEqual(['SecurityToken.Key', 'SubPayerSecurityToken.Key']);
  });

  it('secret must be a boolean', () => {
    const text = TEXT.replace('        secret: true\n', '        secret: yes please\n');
    const issues = thrown(() => parseSpec(text, PAYER_SPEC, SPEC_DIR), SpecError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: lineOf(text, 'secret: yes please') });
    expect(issues[0]?.message).toBe('must be true or false (found a string: "yes please")');
  });
});
