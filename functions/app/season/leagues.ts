import type { Context } from '../../../domain/core/context';
import {
  changePointsRule,
  checkLeagueSettings,
  pointsRuleFormula,
  type LeagueSettings,
  type PointsChangeAudit,
} from '../../../domain/season';
import { moneyReviewItems } from '../../../domain/text/money-wording';
import { entities } from '../../store/entities';
import { conditionRefused } from '../../store/entities/items';
import type { LeagueRow } from '../../store/entities/league';
import { deleteStandings, hasCountedFinish } from '../../store/league-standings';
import { ConcurrentUpdate, NotFound, VersionMismatch } from '../../runtime/errors';
import { recomputeLeague } from './league-standings';

/*
 * R-LEAGUE-1, R-LEAGUE-2: a club's leagues. Every write checks the settings with the domain
 * (`checkLeagueSettings`: the name, the source, best-N and minimum played, the points rule compiled
 * against the sample rows). A change of what the table counts rebuilds it from the stored results.
 */

export const leagueNotFound = (): NotFound => new NotFound('LEAGUE_NOT_FOUND', 'No such league');

/**
 * R-MONEY-2: a name the money checker would hold is stored, with what it holds, and the league stays out
 * of everything public (catalogue, standings, screen, players' lists) until the club words it otherwise.
 */
const heldName = (name: string) => {
  const held = moneyReviewItems('name', name, 'name');
  return held.length > 0 ? held : undefined;
};

/** Whether the public may see the league (its name is not held for review). */
export const isPublicLeague = (l: Pick<LeagueRow, 'moneyReview'>): boolean => l.moneyReview === undefined;

/** The league as its viewer may see it: for the public, one whose name is held is not found. */
export async function getLeagueAs(clubId: string, leagueId: string, publicView: boolean): Promise<LeagueRow> {
  const league = await getLeague(clubId, leagueId);
  if (publicView && !isPublicLeague(league)) throw leagueNotFound();
  return league;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A league as stored: its source, points rule and options. */
export type League = LeagueRow;

export async function getLeague(clubId: string, leagueId: string): Promise<LeagueRow> {
  const { data } = await entities().league.get({ clubId, leagueId }).go({ consistent: true });
  if (!data) throw leagueNotFound();
  return data;
}

export type LeagueInput = Omit<LeagueSettings, 'clubId'>;

export async function createLeague(clubId: string, input: LeagueInput, ctx: Context): Promise<LeagueRow> {
  const { settings, formula } = checkLeagueSettings({ ...input, clubId });
  const held = heldName(settings.name);
  const at = iso(ctx.now);
  const row: LeagueRow = {
    clubId,
    leagueId: ctx.newId('lg'),
    name: settings.name,
    source: settings.source,
    points: settings.points,
    formula: formula.text,
    ...(settings.bestOf !== undefined ? { bestOf: settings.bestOf } : {}),
    ...(settings.minPlayed !== undefined ? { minPlayed: settings.minPlayed } : {}),
    ...(held ? { moneyReview: held } : {}),
    audit: [],
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  await entities().league.create(row).go();
  // Tournaments that finished before the league existed count from the start.
  await recomputeLeague(row);
  return row;
}

export interface LeagueChange {
  name?: string;
  source?: LeagueSettings['source'];
  points?: LeagueSettings['points'];
  bestOf?: number | null;
  minPlayed?: number | null;
  recompute?: boolean;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * R-LEAGUE-2: the points rule is frozen once a counted tournament has finished unless the change asks
 * to recompute (then an audit record is kept); R-LEAGUE-4: a change of the tournaments or the options
 * rebuilds the table too.
 */
export async function updateLeague(
  clubId: string,
  leagueId: string,
  change: LeagueChange,
  ctx: Context,
  expectedVersion?: number,
): Promise<LeagueRow> {
  const current = await getLeague(clubId, leagueId);
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw new VersionMismatch(current.version, expectedVersion, 'league');
  const base: LeagueSettings = {
    clubId,
    name: change.name ?? current.name,
    source: change.source ?? (current.source as LeagueSettings['source']),
    points: current.points as LeagueSettings['points'],
  };
  const bestOf = change.bestOf === null ? undefined : (change.bestOf ?? current.bestOf);
  const minPlayed = change.minPlayed === null ? undefined : (change.minPlayed ?? current.minPlayed);
  if (bestOf !== undefined) base.bestOf = bestOf;
  if (minPlayed !== undefined) base.minPlayed = minPlayed;
  const { settings } = checkLeagueSettings(base);
  let formulaText = current.formula;
  let audit = (current.audit as PointsChangeAudit[] | undefined) ?? [];
  let points = settings.points;
  const pointsChanged = change.points !== undefined && !same(change.points, current.points);
  if (pointsChanged) {
    const next = changePointsRule(
      settings,
      change.points as LeagueSettings['points'],
      {
        countedFinished: await hasCountedFinish({ clubId, leagueId }),
        ...(change.recompute !== undefined ? { recompute: change.recompute } : {}),
      },
      ctx,
    );
    points = next.settings.points;
    formulaText = next.formula.text;
    if (next.audit) audit = [...audit, next.audit];
  }
  const rebuild =
    pointsChanged ||
    !same(settings.source, current.source) ||
    bestOf !== current.bestOf ||
    minPlayed !== current.minPlayed ||
    change.recompute === true;
  const row: LeagueRow = {
    ...current,
    name: settings.name,
    source: settings.source,
    points,
    formula: formulaText ?? pointsRuleFormula(points),
    audit,
    version: current.version + 1,
    updatedAt: iso(ctx.now),
  };
  if (bestOf === undefined) delete row.bestOf;
  else row.bestOf = bestOf;
  if (minPlayed === undefined) delete row.minPlayed;
  else row.minPlayed = minPlayed;
  const held = heldName(settings.name);
  if (held) row.moneyReview = held;
  else delete row.moneyReview;
  try {
    await entities()
      .league.put(row)
      .where((r, { eq }) => eq(r.version, current.version))
      .go();
  } catch (e) {
    if (conditionRefused(e)) throw new ConcurrentUpdate('The league changed meanwhile; reload and retry');
    throw e;
  }
  if (rebuild) await recomputeLeague(row);
  return row;
}

/** Removes a league and its standings (its tournaments and their results stay). */
export async function deleteLeague(clubId: string, leagueId: string): Promise<void> {
  const league = await getLeague(clubId, leagueId);
  await entities().league.delete({ clubId, leagueId }).go();
  await deleteStandings({ clubId: league.clubId, leagueId: league.leagueId });
}

/** The public sees a club's leagues while the club exists and is not suspended (R-MOD-1). */
export async function clubIsPublic(clubId: string): Promise<boolean> {
  const { data } = await entities()
    .club.get({ clubId })
    .go({ attributes: ['suspended'] });
  return Boolean(data && !data.suspended);
}

/** A club's leagues, by id. */
export { clubLeagues } from './league-standings';
