import { Type } from '@sinclair/typebox';
import { leaderboard, type LeaderboardEntry, publicRow } from '../../../app/services/leaderboard.ts';
import { ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { page, Paging } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { StringEnum } from '../schemas/enums.ts';
import { PublicLeaderboardEntrySchema } from '../schemas/resources.ts';

/** How old a board a participant may be shown. */
const BOARD_FRESH_MS = 1000;

const StandingsQuery = Type.Composite([
  Paging,
  Type.Object({
    sort_by: Type.Optional(StringEnum(['profit', 'return'] as const, { default: 'profit', description: 'what accounts are ranked by, highest first' })),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'only accounts whose username or account id contains this, ignoring case (ranks stay those of the whole board)' }),
    ),
  }),
]);

/**
 * /api/competition (any logged-in user): a trading competition's standings for its
 * participants, when the operator publishes them ([competition] public_leaderboard).
 * Admins always have the full board at /api/management/leaderboard.
 */
export function competitionRoutes(app: Api, ctx: HttpContext): void {
  // Any trader may ask, and a board costs the exchange's thread about a millisecond per
  // thousand accounts: each metric's board is ranked at most once a second.
  const boards = new Map<'profit' | 'return', { readonly at: number; readonly rows: LeaderboardEntry[] }>();
  const boardOf = (metric: 'profit' | 'return'): LeaderboardEntry[] => {
    const now = ctx.now();
    const kept = boards.get(metric);
    if (kept !== undefined && now - kept.at < BOARD_FRESH_MS) return kept.rows;
    const rows = leaderboard(ctx.exchange.state, ctx.exchange.history, metric, { withoutFrozen: true });
    boards.set(metric, { at: now, rows });
    return rows;
  };

  app.get(
    '/api/competition',
    {
      schema: {
        tags: ['competition'],
        summary: 'What this exchange shows its participants: whether the standings are public (the console shows its Standings page then)',
        response: replies(Type.Object({ public_leaderboard: Type.Boolean({ description: '[competition] public_leaderboard: GET /api/competition/leaderboard answers; else it refuses with 1003' }) })),
      },
    },
    async () => ok({ public_leaderboard: ctx.exchange.config.competition.publicLeaderboard }),
  );

  app.get(
    '/api/competition/leaderboard',
    {
      schema: {
        tags: ['competition'],
        summary:
          'The standings of every account that is not frozen, by profit or return, showing only that figure (needs [competition] public_leaderboard = true; at most a second old)',
        querystring: StandingsQuery,
        response: pagedReplies(Type.Array(PublicLeaderboardEntrySchema)),
      },
    },
    async (request, reply) => {
      if (!ctx.exchange.config.competition.publicLeaderboard) {
        throw new ApiError(ResultCode.PermissionDenied, 'the standings are not public on this exchange ([competition] public_leaderboard in its configuration)');
      }
      const metric = request.query.sort_by === 'return' ? 'return' : 'profit';
      const board = boardOf(metric);
      const search = request.query.search?.toLowerCase() ?? '';
      const found = search === '' ? board : board.filter((row) => row.username.toLowerCase().includes(search) || row.account_id.toLowerCase().includes(search));
      return ok(page(reply, found, request.query).map((row) => publicRow(row, metric, request.caller.userId)));
    },
  );
}
