/**
 * Helpers for spec tests written as edits of one base spec: replace a text that occurs once, load it and take the
 * issues it is refused with, and find the line and column a refusal must name.
 */
import { expect } from 'vitest';
import { SpecError, type SpecIssue } from '../../../generator/load/errors.js';
import { parseSpec } from '../../../generator/load/load.js';
import { thrown } from '../../helpers/failures.js';

export interface SpecEdits {
  /** `text` (the base spec by default) with `from`, which must occur exactly once, replaced by `to`. */
  change: (from: string, to: string, text?: string) => string;
  /** The issues `text` is refused with, without their file (always the same one). */
  issuesOf: (text: string) => ReadonlyArray<Omit<SpecIssue, 'file'>>;
  /** The 1-based line and column of `token` on the only line holding `needle`. */
  at: (text: string, needle: string, token: string) => { line: number; column: number };
}

export function specEdits(base: string, file: string): SpecEdits {
  return {
    change: (from, to, text = base) => {
      expect(text.split(from).length - 1, `"${from}" occurs once`).toBe(1);
      return text.replace(from, to);
    },
    issuesOf: (text) => {
      return thrown(() => parseSpec(text, file), SpecError).issues.map(({ file: _, ...rest }) => rest);
    },
    at: (text, needle, token) => {
      const start = text.indexOf(needle);
      expect(text.indexOf(needle, start + 1), `"${needle}" occurs once`).toBe(-1);
      const lineStart = text.lastIndexOf('\n', start) + 1;
      return { line: text.slice(0, start).split('\n').length, column: text.indexOf(token, start) - lineStart + 1 };
    },
  };
}
