/*
 * Refusals of the application and the store, told apart by type rather than by HTTP status: a job
 * catches `NotFound` where a route answers 404. The HTTP edge (platform/errors.ts) maps each kind to
 * its status; `code` is the stable code clients branch on. A leaf module: the store and the platform
 * import it, so it imports nothing of the functions.
 */

export type AppErrorKind = 'invalid' | 'unsupported_media_type' | 'not_found' | 'conflict' | 'forbidden' | 'gone' | 'unavailable';

export abstract class AppError extends Error {
  abstract readonly kind: AppErrorKind;

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the request carries breaks a rule of the application (not of the domain): a logo that is no image. */
export class Invalid extends AppError {
  readonly kind = 'invalid';
}

/** The body is of another media type than the request says. */
export class UnsupportedMediaType extends AppError {
  readonly kind = 'unsupported_media_type';
}

/** What the request names does not exist (or is not the caller's to see). */
export class NotFound extends AppError {
  readonly kind = 'not_found';
}

/** The request conflicts with the state as it stands now. */
export class Conflict extends AppError {
  readonly kind = 'conflict';
}

/** If-Match named a version the resource is no longer (or not yet) at. */
export class VersionMismatch extends Conflict {
  constructor(
    readonly current: number,
    readonly expected: number,
    what = 'tournament',
  ) {
    super('VERSION_MISMATCH', `The ${what} is at version ${current}, not ${expected}`);
  }
}

/** Writers kept overtaking this one: its retries are used up (or If-Match forbids deciding again). */
export class ConcurrentUpdate extends Conflict {
  constructor(message = 'The tournament changed meanwhile; reload and retry') {
    super('CONCURRENT_UPDATE', message);
  }
}

/** The caller is known but may not do this (a suspended account). */
export class Forbidden extends AppError {
  readonly kind = 'forbidden';
}

/** What the request names existed and was removed for good (an erased account). */
export class Gone extends AppError {
  readonly kind = 'gone';
}

/** Something the command needs cannot be had now; retrying later may succeed. */
export class Unavailable extends AppError {
  readonly kind = 'unavailable';
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
