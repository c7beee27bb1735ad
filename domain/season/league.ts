import type { Context } from '../core/context';
import { conflict, ruleError, type FieldIssue } from '../core/errors';
import { MAX_ID_LENGTH } from '../core/limits';
import { assertNoMoneyWording } from '../text/money-wording';
import { MAX_LEAGUE_TOURNAMENTS, MAX_SEASON_NAME } from './limits';
import type { PointsFormula } from './points-formula';
import { compilePointsRule, pointsRuleFormula, type PointsRule } from './points-rules';
import { checkLeagueOptions, type LeagueOptions } from './standings';

/** R-LEAGUE-1: the tournaments a league counts: a series, or tournaments the club adds. */
export type LeagueSource = { kind: 'series'; seriesId: string } | { kind: 'tournaments'; tournamentIds: readonly string[] };

export interface LeagueSettings extends LeagueOptions {
  clubId: string;
  name: string;
  source: LeagueSource;
  points: PointsRule;
}

/** Checks a league's settings and compiles its points rule once (FormulaError naming the part, R-LEAGUE-2). */
export function checkLeagueSettings(s: LeagueSettings): { settings: LeagueSettings; formula: PointsFormula } {
  const issues: FieldIssue[] = [];
  if (typeof s.name !== 'string' || s.name.trim().length === 0 || s.name.length > MAX_SEASON_NAME)
    issues.push({ field: 'name', message: `1 to ${MAX_SEASON_NAME} characters` });
  else assertNoMoneyWording('name', s.name, 'name');
  if (s.source?.kind === 'series') {
    if (typeof s.source.seriesId !== 'string' || s.source.seriesId.length === 0 || s.source.seriesId.length > MAX_ID_LENGTH)
      issues.push({ field: 'source.seriesId', message: 'an id' });
  } else if (s.source?.kind === 'tournaments') {
    const ids = s.source.tournamentIds;
    if (!Array.isArray(ids) || ids.length > MAX_LEAGUE_TOURNAMENTS || new Set(ids).size !== ids.length)
      issues.push({ field: 'source.tournamentIds', message: `at most ${MAX_LEAGUE_TOURNAMENTS} distinct ids` });
  } else issues.push({ field: 'source.kind', message: 'must be series or tournaments' });
  if (issues.length > 0) throw ruleError('LEAGUE_INVALID', 'Invalid league', issues);
  checkLeagueOptions(s);
  return { settings: s, formula: compilePointsRule(s.points) };
}

/** R-LEAGUE-1: does this tournament count for the league? */
export function countsForLeague(
  league: Pick<LeagueSettings, 'clubId' | 'source'>,
  t: { id: string; clubId: string; seriesId?: string },
): boolean {
  if (t.clubId !== league.clubId) return false;
  return league.source.kind === 'series' ? t.seriesId === league.source.seriesId : league.source.tournamentIds.includes(t.id);
}

/** R-LEAGUE-4: a league that counts a tournament, with the rules it had when the tournament finished. */
export interface CountingLeague extends LeagueOptions {
  leagueId: string;
  points: PointsRule;
}

/** The audit record of a points change after a counted finish (R-LEAGUE-2). */
export interface PointsChangeAudit {
  at: number;
  by: string;
  from: string;
  to: string;
}

/**
 * R-LEAGUE-2: a new points rule. Before any counted tournament has finished it simply applies. After,
 * the rule is frozen unless the change asks to recompute: then the whole table is rebuilt from the
 * stored results (`recomputeAll`) and the change leaves an audit record.
 */
export function changePointsRule(
  current: LeagueSettings,
  next: PointsRule,
  opts: { countedFinished: boolean; recompute?: boolean },
  ctx: Context,
): { settings: LeagueSettings; formula: PointsFormula; recomputeAll: boolean; audit?: PointsChangeAudit } {
  if (opts.countedFinished && !opts.recompute) {
    throw conflict('LEAGUE_POINTS_FROZEN', 'A counted tournament has finished: change the points only with a full recomputation');
  }
  const formula = compilePointsRule(next);
  const settings = { ...current, points: next };
  if (!opts.countedFinished) return { settings, formula, recomputeAll: false };
  return {
    settings,
    formula,
    recomputeAll: true,
    audit: { at: ctx.now, by: ctx.actor.id, from: pointsRuleFormula(current.points), to: formula.text },
  };
}
