import { loadTournament, type StoredTournament } from '../store/tournament-store';
import { readEventsAfter, type LoggedEvent } from '../store/tournament-log';
import { liveFrame, liveMessages, playerStandingMessage } from './messages';
import { bareTopic, topicKey, type SubscribeTopic, type Topic } from './topics';

/**
 * Resuming a topic from the last version a client saw (`since`): what it missed is read from the
 * tournament's log and sent as one catch-up frame per topic, at the newest version, before the
 * `subscribed` answer. The frame is what the topic's live frame would carry for the missed events
 * together: their types (every domain event on the staff topic, a player's moves on the player topic)
 * and the view as it is now. So a resumed client sees versions only grow and no event twice: the
 * subscription is written before the log is read, so an event committed after the read is fanned out to
 * it, and one committed before is in the catch-up (its late live frame is at or below the catch-up's
 * version, a repeat the client drops).
 *
 * Bounded: a client further behind than MAX_REPLAY_EVENTS, or whose missed events weigh more than
 * MAX_REPLAY_BYTES, gets `{"type":"refetch"}` instead and reads the REST view, but on a player topic, whose
 * view is one player's registration and seat, a catch-up frame of them as they are now; a client whose
 * version is ahead of the log (another tournament's, or a made-up one) gets `refetch` on every topic.
 */
export const MAX_REPLAY_EVENTS = 50;
export const MAX_REPLAY_BYTES = 256_000;

export type ResumeOutcome =
  | { topic: Topic; kind: 'current'; version: number }
  | { topic: Topic; kind: 'replayed'; version: number; frame: string | null; events: number }
  | { topic: Topic; kind: 'refetch'; version: number; reason: 'TOO_FAR_BEHIND' | 'TOO_LARGE' | 'SINCE_AHEAD' | 'UNAVAILABLE' };

interface Resume {
  topic: Topic;
  clubId: string;
  tournamentId: string;
  since: number;
}

/** The resume point a subscribe names for a topic, if any. */
function resumeOf(t: SubscribeTopic): Resume | undefined {
  if (t.since === undefined) return undefined;
  const topic = bareTopic(t);
  if (t.kind === 'player') return { topic, clubId: t.since.clubId, tournamentId: t.since.tournamentId, since: t.since.version };
  return { topic, clubId: t.clubId, tournamentId: t.tournamentId, since: t.since };
}

/** The status the tournament had before the first missed event (for the public clock's rule). */
function statusBefore(now: StoredTournament, missed: readonly LoggedEvent[]): StoredTournament['status'] {
  for (const e of missed)
    for (const d of e.events as { type: string; from?: StoredTournament['status'] }[])
      if (d.type === 'tournament.status_changed' && d.from) return d.from;
  return now.status;
}

/** The catch-up frame of one topic, or null when none of the missed events concerns it. */
function catchUpFrame(r: Resume, state: StoredTournament, missed: readonly LoggedEvent[]): string | null {
  const last = missed.at(-1) as LoggedEvent;
  const messages = liveMessages({
    clubId: r.clubId,
    tournamentId: r.tournamentId,
    version: last.version,
    // The state before the first missed event is not kept; the one that matters for a topic's rule is
    // the status (a run that ended in the gap is still on the public clock).
    before: { ...state, status: statusBefore(state, missed) },
    after: state,
    event: { at: last.at, events: missed.flatMap((e) => e.events), patch: missed.flatMap((e) => e.patch) },
  });
  const key = topicKey(r.topic);
  const m = messages.find((x) => topicKey(x.topic) === key);
  if (!m) return null;
  return liveFrame({ clubId: r.clubId, tournamentId: r.tournamentId, version: last.version, at: last.at }, m, {
    since: r.since,
  });
}

/**
 * A resume past the replay's bounds: a player topic gets the player's registration and seat as they are
 * (what a phone coming back to the foreground needs, without the moves and event types of the gap, which its
 * feed holds); the tournament's topics, whose view is the whole room, are told to read it over REST.
 */
function tooFar(r: Resume, state: StoredTournament, version: number, reason: 'TOO_FAR_BEHIND' | 'TOO_LARGE'): ResumeOutcome {
  if (r.topic.kind !== 'player') return { topic: r.topic, kind: 'refetch', version, reason };
  const head = { clubId: r.clubId, tournamentId: r.tournamentId, version, at: state.updatedAt };
  const frame = liveFrame(head, playerStandingMessage(state, r.topic.playerId), { since: r.since });
  return { topic: r.topic, kind: 'replayed', version, frame, events: version - r.since };
}

/**
 * The outcome of each topic of a subscribe that names a `since`, in the order given. Each tournament is
 * read once (its state, consistently, then the log after the oldest `since` asked of it).
 */
export async function resumeTopics(topics: readonly SubscribeTopic[]): Promise<ResumeOutcome[]> {
  const resumes = topics.map(resumeOf).filter((r): r is Resume => r !== undefined);
  const byTournament = new Map<string, Resume[]>();
  for (const r of resumes) {
    const id = `${r.clubId}/${r.tournamentId}`;
    byTournament.set(id, [...(byTournament.get(id) ?? []), r]);
  }
  const outcomes = new Map<Resume, ResumeOutcome>();
  await Promise.all(
    [...byTournament.values()].map(async (group) => {
      const first = group[0] as Resume;
      const loaded = await loadTournament(first.clubId, first.tournamentId, { consistent: true });
      const version = loaded?.state.version ?? 0;
      const behind = group.filter((r) => r.since < version && version - r.since <= MAX_REPLAY_EVENTS);
      for (const r of group) {
        if (r.since > version || !loaded) outcomes.set(r, { topic: r.topic, kind: 'refetch', version, reason: 'SINCE_AHEAD' });
        else if (r.since === version) outcomes.set(r, { topic: r.topic, kind: 'current', version });
        else if (version - r.since > MAX_REPLAY_EVENTS) outcomes.set(r, tooFar(r, loaded.state, version, 'TOO_FAR_BEHIND'));
      }
      if (!loaded || behind.length === 0) return;
      const oldest = Math.min(...behind.map((r) => r.since));
      // Only up to the state read: an event committed since goes to the subscription written before.
      const log = (await readEventsAfter(first.clubId, first.tournamentId, oldest, true)).filter((e) => e.version <= version);
      for (const r of behind) {
        const missed = log.filter((e) => e.version > r.since);
        if (missed.reduce((n, e) => n + e.bytes, 0) > MAX_REPLAY_BYTES) {
          outcomes.set(r, tooFar(r, loaded.state, version, 'TOO_LARGE'));
          continue;
        }
        outcomes.set(r, { topic: r.topic, kind: 'replayed', version, frame: catchUpFrame(r, loaded.state, missed), events: missed.length });
      }
    }),
  );
  return resumes.map((r) => outcomes.get(r) as ResumeOutcome);
}
