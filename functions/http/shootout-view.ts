import type { FloorTournament } from '../../domain/floor/aggregate';
import { shootoutView } from '../../domain/floor/shootout';

/** R-SHOOT-2: `{ shootout }` for a view of a shootout, nothing for any other tournament. */
export function shootoutField(t: FloorTournament): { shootout?: NonNullable<ReturnType<typeof shootoutView>> } {
  const v = shootoutView(t);
  return v ? { shootout: v } : {};
}
