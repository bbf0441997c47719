/**
 * Whether this exchange publishes its competition standings to traders ([competition]
 * public_leaderboard): the trader's menu shows the Standings page only then.
 */
import { ref } from 'vue';
import { api, ApiFailure, unwrap } from './api/client';

export const standingsPublic = ref(false);

/** Asks the server once per login; a refusal (1003) means the standings are private. */
export async function checkStandingsPublic(): Promise<void> {
  try {
    await unwrap(api.GET('/api/competition/leaderboard', { params: { query: { limit: 1 } } }));
    standingsPublic.value = true;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 1003) standingsPublic.value = false;
    else throw error;
  }
}
