/**
 * Indexes the players of Duplicate events stored before the player index existed, and pseudonymises the
 * players among them who erased their account (R-PD-1). Run once against a table: `tsx scripts/duplicate-player-index.ts`
 * with the table's environment (TABLE_NAME and the AWS credentials); running it again changes nothing.
 */
import { indexStoredDuplicateEvents } from '../functions/store/duplicate-players';
import { DELETED_PLAYER_NAME } from '../functions/http/players';

const out = await indexStoredDuplicateEvents(DELETED_PLAYER_NAME);
console.log(`indexed ${out.events} Duplicate events, pseudonymised ${out.renamed} names`);
