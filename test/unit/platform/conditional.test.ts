import { describe, expect, it } from 'vitest';
import { noneMatch, noneMatchPrefix } from '../../../functions/platform/conditional';

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  it('names the answer by any tag of its list, weak or strong, or by *', () => {
    expect(noneMatch('"12"', '"12"')).toBe(true);
    expect(noneMatch('W/"12"', '"12"')).toBe(true);
    expect(noneMatch('"11", W/"12" ,"13"', '"12"')).toBe(true);
    expect(noneMatch('*', '"12"')).toBe(true);
    expect(noneMatch('"12"', '"12.ab"')).toBe(false);
    expect(noneMatch('"1"', '"12"')).toBe(false);
    expect(noneMatch(undefined, '"12"')).toBe(false);
  });

  it("finds a tag of a tournament's version whatever the logo beside it: a 304 may do", () => {
    expect(noneMatchPrefix('"12.9d89b0f2"', '12')).toBe(true);
    expect(noneMatchPrefix('W/"12"', '12')).toBe(true);
    expect(noneMatchPrefix('"11.ab", "12.cd"', '12')).toBe(true);
    expect(noneMatchPrefix('*', '12')).toBe(true);
    expect(noneMatchPrefix('"120.ab"', '12')).toBe(false);
    expect(noneMatchPrefix('"1.12"', '12')).toBe(false);
    expect(noneMatchPrefix(undefined, '12')).toBe(false);
  });
});
