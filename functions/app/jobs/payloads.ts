import * as z from 'zod';

/** What the scheduler hands to the jobs handler. Every job names what it expects, so it can tell when it is stale. */
export const LevelEndPayload = z.object({
  kind: z.literal('level-end'),
  clubId: z.string().min(1),
  tournamentId: z.string().min(1),
  revision: z.number().int().nonnegative(),
  levelIndex: z.number().int().nonnegative(),
});

export const NoShowsPayload = z.object({
  kind: z.literal('no-shows'),
  clubId: z.string().min(1),
  tournamentId: z.string().min(1),
});

/** The reminder 30 minutes before the start (functions/app/jobs/starting-soon.ts); `startAt` names the start it was made for. */
export const StartingSoonPayload = z.object({
  kind: z.literal('starting-soon'),
  clubId: z.string().min(1),
  tournamentId: z.string().min(1),
  startAt: z.number().int().nonnegative(),
});

/** An account's erasure (R-PD-1) to continue (functions/app/erasure.ts). */
export const ErasurePayload = z.object({ kind: z.literal('erasure'), userId: z.string().min(1) });

export const JobPayload = z.discriminatedUnion('kind', [LevelEndPayload, NoShowsPayload, StartingSoonPayload, ErasurePayload]);

export type LevelEndPayload = z.infer<typeof LevelEndPayload>;
export type NoShowsPayload = z.infer<typeof NoShowsPayload>;
export type StartingSoonPayload = z.infer<typeof StartingSoonPayload>;
export type JobPayload = z.infer<typeof JobPayload>;
