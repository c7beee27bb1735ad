import { describe, expect, it } from 'vitest';
import { duration, groupDigits } from '../../../functions/http/screens/format';

describe("the screens' figures", () => {
  it("group digits by threes with the language's separator", () => {
    expect(groupDigits(0, ',')).toBe('0');
    expect(groupDigits(999, ',')).toBe('999');
    expect(groupDigits(10_000, ',')).toBe('10,000');
    expect(groupDigits(1_234_567, '\u202f')).toBe('1\u202f234\u202f567');
    expect(groupDigits(-25_000, ',')).toBe('-25,000');
  });

  it('show a time left rounded up, with hours only from an hour, never below zero', () => {
    expect(duration(0)).toBe('00:00');
    expect(duration(1)).toBe('00:01');
    expect(duration(59_001)).toBe('01:00');
    expect(duration(600_000)).toBe('10:00');
    expect(duration(3_600_000)).toBe('1:00:00');
    expect(duration(3_600_001)).toBe('1:00:01');
    expect(duration(-5_000)).toBe('00:00');
  });
});
