/**
 * Whether this exchange publishes its competition standings to traders ([competition]
 * public_leaderboard): the trader's menu shows the Standings page only then.
 */
import { ref } from 'vue';
import { api, unwrap } from './api/client';

export const standingsPublic = ref(false);

/** Asks the server once per login (asking the standings themselves was a 403 in every private class's console). */
export async function checkStandingsPublic(): Promise<void> {
  standingsPublic.value = (await unwrap(api.GET('/api/competition'))).public_leaderboard;
}
