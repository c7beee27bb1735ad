import { ruleError } from '../core/errors';

/** R-AGE-1: the service is for people aged 18 or older. */
export const ADULT_AGE = 18;

/** The earliest year of birth taken as plausible; anything older is a typing error. */
export const EARLIEST_BIRTH_YEAR = 1900;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const invalidDate = (message: string) =>
  ruleError('DATE_INVALID', `Date of birth is invalid: ${message}`, [{ field: 'dateOfBirth', message }]);

function parseDateOfBirth(dateOfBirth: string): CalendarDate {
  const m = typeof dateOfBirth === 'string' ? ISO_DATE.exec(dateOfBirth) : null;
  if (!m) throw invalidDate('expected a date as YYYY-MM-DD');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw invalidDate(`${dateOfBirth} is not a calendar date`);
  }
  if (year < EARLIEST_BIRTH_YEAR) throw invalidDate(`a year of birth before ${EARLIEST_BIRTH_YEAR} is not plausible`);
  return { year, month, day };
}

/** The calendar date of `now` in UTC: birthdays turn at UTC midnight whatever the club's zone. */
function utcDate(now: number): CalendarDate {
  // A bad clock value is a programming error; failing open here would let anyone in.
  if (!Number.isFinite(now)) throw new RangeError('now must be a finite timestamp in ms');
  const d = new Date(now);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const compare = (a: CalendarDate, b: CalendarDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * Full years of age on the UTC date of `now`. A 29 February birthday counts as passed on
 * 1 March in a non-leap year, which falls out of comparing (month, day) pairs.
 * Throws DATE_INVALID for a malformed, impossible, implausibly old or future date.
 */
export function ageOn(dateOfBirth: string, now: number): number {
  const birth = parseDateOfBirth(dateOfBirth);
  const today = utcDate(now);
  if (compare(birth, today) > 0) throw invalidDate(`${dateOfBirth} is in the future`);
  const birthdayPassed = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (birthdayPassed ? 0 : 1);
}

/** The first UTC date on which a person born on `dateOfBirth` is an adult, as YYYY-MM-DD. */
export function adultFrom(dateOfBirth: string): string {
  const birth = parseDateOfBirth(dateOfBirth);
  const year = birth.year + ADULT_AGE;
  const leapDayMoved = birth.month === 2 && birth.day === 29 && !isLeapYear(year);
  const [month, day] = leapDayMoved ? [3, 1] : [birth.month, birth.day];
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** R-AGE-1: refuses anyone under 18 on the UTC date of `now` (UNDER_AGE), or a bad date (DATE_INVALID). */
export function assertAdult(dateOfBirth: string, now: number): void {
  if (ageOn(dateOfBirth, now) < ADULT_AGE) {
    const message = `players must be ${ADULT_AGE} or older; this date of birth gives adult age from ${adultFrom(dateOfBirth)}`;
    throw ruleError('UNDER_AGE', `Under age: ${message}`, [{ field: 'dateOfBirth', message }]);
  }
}
