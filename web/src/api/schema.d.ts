/* Generated from the server's OpenAPI document by `npm run api-types`: do not edit. */
export interface paths {
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a user (no account is opened) */
        post: operations["postAuthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in: returns a bearer token (JWT) */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user record (owner or admin) */
        get: operations["getAuthUserByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All users, or those a search finds (admin) */
        get: operations["getAuthUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the caller's password; every earlier token stops working, and the answer carries a new one */
        post: operations["postAuthPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/users/{user_id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a trader's password (admin), or have one generated: the user's earlier tokens stop working (admins change their own) (admin) */
        post: operations["postManagementUsersPasswordByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of the caller (asked with its password): every earlier token stops working; the answer carries a new one for this client */
        post: operations["postAuthLogoutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/users/{user_id}/logout-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of a trader (admin): the user's earlier tokens stop working, its password stays (admins end their own) (admin) */
        post: operations["postManagementUsersLogoutEverywhereByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{user_id}/account/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open an account for a user */
        post: operations["postUserAccountCreateByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{user_id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's accounts */
        get: operations["getUserAccountsByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open an account */
        post: operations["postAccountOpen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account in snapshot form; a user id answers for that user's first account */
        get: operations["getAccountByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deposit funds */
        post: operations["postAccountDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw funds (2003 beyond available; 4001 when what would be left could not hold the positions: at the force-close ratio) */
        post: operations["postAccountWithdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{user_id}/equity-curve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Equity at each settlement, then now (by user id or account id) */
        get: operations["getAccountEquityCurveByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bank transfer: positive amount in, negative out; every attempt is recorded */
        post: operations["postAccountTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Banks available for transfers */
        get: operations["getAccountBanksByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bank transfer attempts, newest last */
        get: operations["getAccountTransfersByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The days this account was settled, newest first */
        get: operations["getAccountSettlementsByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}/settlements/{trading_day}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One day's settlement statement: money, positions at the settlement price, and a page of the day's trades */
        get: operations["getAccountSettlementsByAccountIdTradingDay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/{account_id}/liquidations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's forced liquidations, newest first */
        get: operations["getAccountLiquidationsByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit an order; the reply is the order record after matching */
        post: operations["postOrderSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a live order (3001 order not found when unknown or finished) */
        post: operations["postOrderCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/modify/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a live order's price and volume atomically (loses time priority) */
        put: operations["putOrderModifyByOrderId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order of the caller (account_id narrows the search) */
        get: operations["getOrderByOrderId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/user/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's orders, oldest first or newest first (sort); account_id narrows */
        get: operations["getOrderUserByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit up to 100 orders in one request (one journal batch) */
        post: operations["postOrderBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/batch-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel up to 100 orders in one request */
        post: operations["postOrderBatchCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/conditional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a conditional order: an order placed when the last price reaches trigger_price */
        post: operations["postOrderConditional"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/conditional/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Conditional orders of an account (or of all the caller's accounts) */
        get: operations["getOrderConditionalList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/conditional/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Conditional orders counted by status (the caller's; all for an admin) */
        get: operations["getOrderConditionalStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order/conditional/{conditional_order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending conditional order (3002 when it already finished) */
        delete: operations["deleteOrderConditionalByConditionalOrderId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/position/account/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Positions of an account, keyed <exchange_id>.<instrument_id> */
        get: operations["getPositionAccountByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/position/user/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Positions of all the user's accounts, keyed <exchange_id>.<instrument_id> */
        get: operations["getPositionUserByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/position/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Positions of all the user's accounts, keyed <exchange_id>.<instrument_id> */
        get: operations["getPositionByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trades/account/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trades of an account, oldest first or newest first (sort) */
        get: operations["getTradesAccountByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trades/user/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trades of all the user's accounts, oldest first or newest first (sort); account_id narrows */
        get: operations["getTradesUserByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tradable instruments with their parameters and status */
        get: operations["getMarketInstruments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/symbols": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The symbol catalogue in the DIFF ecosystem format, keyed by instrument */
        get: operations["getMarketSymbols"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/symbols.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same catalogue without the envelope: what DIFF clients (tqsdk-js) load as their symbols URL */
        get: operations["getMarketSymbolsJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/orderbook/{instrument_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order book depth: price levels with volume and order count */
        get: operations["getMarketOrderbookByInstrumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/tick/{instrument_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest quote */
        get: operations["getMarketTickByInstrumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/trades/{instrument_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent trades, newest first (the newest 1,000 at least are kept) */
        get: operations["getMarketTradesByInstrumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/kline/{instrument_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Candles, oldest first: period 0 daily, 4 1m, 5 5m, 6 15m, 7 30m, 8 60m */
        get: operations["getMarketKlineByInstrumentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trading calendar: the current trading day, the next ones, upcoming holidays and the sessions */
        get: operations["getMarketCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/calendar/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Declare holidays (weekdays after the current trading day without trading), as a list or as a closure from one date to another (its weekdays); a date already declared takes the new name (admin) */
        post: operations["postAdminCalendarHolidays"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/calendar/holidays/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a declared holiday: the day trades again (admin) */
        delete: operations["deleteAdminCalendarHolidaysByDate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: ok while the exchange accepts commands */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/system": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Process and exchange figures (admin) */
        get: operations["getMonitoringSystem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The storage engine's own figures (LevelDB) (admin) */
        get: operations["getMonitoringStorage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account aggregates (admin) */
        get: operations["getMonitoringAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order aggregates (admin) */
        get: operations["getMonitoringOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Today's trading by instrument (admin) */
        get: operations["getMonitoringTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts, orders and trades in one report (admin) */
        get: operations["getMonitoringReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All accounts with owner name, in the order opened (sort=newest: the latest first); account_id, user_id and search narrow (admin) */
        get: operations["getManagementAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts ranked by what their trading made (a competition's standings): money put in is not profit (admin) */
        get: operations["getManagementLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/leaderboard.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole leaderboard as a CSV file, in rank order (one reading of the board, however many accounts: what a teacher grades from) (admin) */
        get: operations["getManagementLeaderboardCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/account/{user_id}/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user with every account in snapshot form (of each, the newest 100 orders and trades; all of them: /api/management/orders and /trades?user_id=) (admin) */
        get: operations["getManagementAccountDetailByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders of all (or the named) accounts (admin) */
        get: operations["getManagementOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trades of all (or the named) accounts: a row for each account's side (a fill between two accounts is two rows) (admin) */
        get: operations["getManagementTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deposit to a user's account (account_id, else the user's first) (admin) */
        post: operations["postManagementDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw from a user's account (account_id, else the user's first) (admin) */
        post: operations["postManagementWithdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/accounts/{account_id}/freeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Freeze an account: no orders, opening or closing (its resting orders stay), no withdrawals or transfers out (2005) (admin) */
        put: operations["putManagementAccountsFreezeByAccountId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/accounts/{account_id}/unfreeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Unfreeze an account (admin) */
        put: operations["putManagementAccountsUnfreezeByAccountId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/transactions/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Money movements of a user's accounts: opening balance, deposits, withdrawals, bank transfers (admin) */
        get: operations["getManagementTransactionsByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enrol users (up to 200 a call), each with an account if account_id or initial_balance is given; one result per user, in order (admin) */
        post: operations["postManagementUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/competition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this exchange shows its participants: whether the standings are public (the console shows its Standings page then) */
        get: operations["getCompetition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/competition/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The standings of every account that is not frozen, by profit or return, showing only that figure (needs [competition] public_leaderboard = true; at most a second old) */
        get: operations["getCompetitionLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/risk/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts owing money (a negative balance: deficit > 0), largest deficit first, then accounts at warning level or above (or another least level), highest risk ratio first (admin) */
        get: operations["getManagementRiskAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/risk/margin-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Margin in use against equity, exchange-wide (admin) */
        get: operations["getManagementRiskMarginSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/risk/liquidations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Forced liquidations, newest first (admin) */
        get: operations["getManagementRiskLiquidations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/risk/force-liquidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close every position of an account at market now (account_id, or a user's first account) (admin) */
        post: operations["postManagementRiskForceLiquidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every instrument, delisted ones included (admin) */
        get: operations["getAdminInstruments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an instrument (admin form or configuration form); trading at once, or suspended with status SUSPENDED (admin) */
        post: operations["postAdminInstrumentCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/{id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change margin, commission or limit rates (omitted fields stay), at once: positions are margined at the new rate from this command, and an account it pushes to force-close is liquidated as after a price move; with at_settlement_of, at the settlement of that trading day instead (replacing a change scheduled before) (admin) */
        put: operations["putAdminInstrumentUpdateById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/{id}/scheduled-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw the rate change scheduled for a coming settlement (1004 when there is none); the rates stay as they are (admin) */
        delete: operations["deleteAdminInstrumentScheduledRatesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Suspend trading: new orders are refused with 3004 (admin) */
        put: operations["putAdminInstrumentSuspendById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Resume trading (admin) */
        put: operations["putAdminInstrumentResumeById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/instrument/{id}/delist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delist: resting orders are cancelled, positions close at the next settlement (admin) */
        delete: operations["deleteAdminInstrumentDelistById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/compaction/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a full compaction of the storage engine now (admin) */
        post: operations["postAdminCompactionTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settlement/set-price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the price an instrument settles at (default: the day's VWAP, else the last price) (admin) */
        post: operations["postAdminSettlementSetPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settlement/batch-set-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set up to 100 settlement prices; each is reported (admin) */
        post: operations["postAdminSettlementBatchSetPrices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settlement/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run day-end settlement now; the next trading day begins (admin) */
        post: operations["postAdminSettlementExecute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settlement/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Settlements, newest first (admin) */
        get: operations["getAdminSettlementHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settlement/detail/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One settlement with every instrument price and every account (or a search and a page of them) (admin) */
        get: operations["getAdminSettlementDetailByDate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postAuthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3 to 32 letters, digits or _ . @ - */
                    username: string;
                    /** @description 6 to 128 characters */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            created_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            role: string;
                            token: string;
                            /** @description seconds */
                            expires_in: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAuthUserByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            role: string;
                            account_ids: string[];
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description ISO 8601: when the password was last changed or reset; null if never since registration */
                            password_changed_at: string | null;
                            /** @description who changed it: the user's own name, an operator's ("an operator" to the user), or "(exchange start)" (ADMIN_PASSWORD_RESET); null if never */
                            password_changed_by: string | null;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAuthUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description Users whose name or an account id contains this, or whose user id it is, ignoring case */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            role: string;
                            account_ids: string[];
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description ISO 8601: when the password was last changed or reset; null if never since registration */
                            password_changed_at: string | null;
                            /** @description who changed it: the user's own name, an operator's ("an operator" to the user), or "(exchange start)" (ADMIN_PASSWORD_RESET); null if never */
                            password_changed_by: string | null;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAuthPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the current password */
                    password: string;
                    /** @description 6 to 128 characters */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            role: string;
                            token: string;
                            /** @description seconds */
                            expires_in: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementUsersPasswordByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 6 to 128 characters; without it one is generated and returned */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            /** @description the generated password, when none was given (shown once); null otherwise */
                            password: string | null;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAuthLogoutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the current password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                            role: string;
                            token: string;
                            /** @description seconds */
                            expires_in: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementUsersLogoutEverywhereByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            username: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postUserAccountCreateByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id?: string;
                    /** @description currency units; required, unless given as init_cash */
                    initial_balance?: number;
                    /** @description alias of initial_balance (one of the two is required) */
                    init_cash?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getUserAccountsByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accounts: {
                                account_id: string;
                                user_id: string;
                                currency: string;
                                balance: number;
                                available: number;
                                /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                                withdrawable: number;
                                margin: number;
                                frozen_margin: number;
                                /** @description balance - available: funds held by margin and live orders */
                                frozen: number;
                                float_profit: number;
                                risk_ratio: number;
                                /** @enum {string} */
                                risk_level: "normal" | "warning" | "force-close";
                                /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                                deficit: number;
                                /** @description a frozen account places no orders and withdraws nothing (2005) */
                                is_frozen: boolean;
                                /** @description milliseconds since the epoch */
                                created_at: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAccountOpen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: string;
                    account_id?: string;
                    /** @description currency units; required, unless given as init_cash */
                    initial_balance?: number;
                    /** @description alias of initial_balance (one of the two is required) */
                    init_cash?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountByAccountId: {
        parameters: {
            query?: {
                /** @description The newest order records and trades shown, 1,000 by default; every live order is shown as well, unless 0: then only the account and its positions */
                limit?: number;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                            account_cookie: string;
                            accounts: {
                                account_id: string;
                                user_id: string;
                                currency: string;
                                pre_balance: number;
                                deposit: number;
                                withdraw: number;
                                static_balance: number;
                                close_profit: number;
                                commission: number;
                                float_profit: number;
                                position_profit: number;
                                balance: number;
                                margin: number;
                                frozen_margin: number;
                                frozen_commission: number;
                                available: number;
                                risk_ratio: number;
                            };
                            /** @description keyed <exchange_id>.<instrument_id> */
                            positions: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    volume_long: number;
                                    volume_long_today: number;
                                    volume_long_his: number;
                                    volume_long_frozen: number;
                                    volume_short: number;
                                    volume_short_today: number;
                                    volume_short_his: number;
                                    volume_short_frozen: number;
                                    open_price_long: number;
                                    open_price_short: number;
                                    position_price_long: number;
                                    position_price_short: number;
                                    open_cost_long: number;
                                    open_cost_short: number;
                                    position_cost_long: number;
                                    position_cost_short: number;
                                    float_profit_long: number;
                                    float_profit_short: number;
                                    float_profit: number;
                                    position_profit_long: number;
                                    position_profit_short: number;
                                    position_profit: number;
                                    margin_long: number;
                                    margin_short: number;
                                    margin: number;
                                    last_price: number;
                                };
                            };
                            /** @description The newest 1,000 order records and every live order; older ones: GET /api/order/user/{user_id} (paged) */
                            orders: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    order_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    direction: string;
                                    offset: string;
                                    volume_orign: number;
                                    volume_left: number;
                                    price_type: string;
                                    limit_price: number;
                                    time_condition: string;
                                    volume_condition: string;
                                    min_volume: number;
                                    valid_until_date: string;
                                    /** @description nanoseconds since the epoch */
                                    insert_date_time: number;
                                    exchange_order_id: string;
                                    /** @enum {string} */
                                    status: "ALIVE" | "FINISHED";
                                    last_msg: string;
                                    exchange_status: string;
                                    filled_volume: number;
                                    frozen_margin: number;
                                    trades: string[];
                                    /** @description nanoseconds since the epoch */
                                    update_date_time: number;
                                };
                            };
                            /** @description The newest 1,000 trades; older ones: GET /api/trades/account/{account_id} (paged) */
                            trades: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    trade_id: string;
                                    order_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    exchange_trade_id: string;
                                    exchange_order_id: string;
                                    direction: string;
                                    offset: string;
                                    price: number;
                                    volume: number;
                                    /** @description nanoseconds since the epoch */
                                    trade_date_time: number;
                                    commission: number;
                                };
                            };
                            /** @description Order records the account has in all (a modified order is a record more) */
                            orders_total: number;
                            /** @description Trades the account has in all */
                            trades_total: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAccountDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id: string;
                    /** @description currency units */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAccountWithdraw: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id: string;
                    /** @description currency units */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountEquityCurveByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            equity_curve: {
                                /** @description milliseconds since the epoch */
                                timestamp: number;
                                equity: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAccountTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id: string;
                    bank_id: string;
                    /** @description currency units */
                    amount: number;
                    bank_password: string;
                    future_password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            transfer_id: string;
                            datetime: number;
                            amount: number;
                            error_id: number;
                            error_msg: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountBanksByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            name: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountTransfersByAccountId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            transfer_id: string;
                            account_id: string;
                            /** @description milliseconds since the epoch */
                            datetime: number;
                            currency: string;
                            amount: number;
                            error_id: number;
                            error_msg: string;
                            bank_id: string;
                            bank_name: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountSettlementsByAccountId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            /** @description The day settled, YYYY-MM-DD */
                            trading_day: string;
                            next_trading_day: string;
                            /** @description milliseconds since the epoch */
                            settled_at: number;
                            currency: string;
                            pre_balance: number;
                            deposit: number;
                            withdraw: number;
                            close_profit: number;
                            position_profit: number;
                            commission: number;
                            balance: number;
                            margin: number;
                            available: number;
                            risk_ratio: number;
                            /** @description Forced liquidation at this settlement closed every position */
                            force_closed: boolean;
                            /** @description Forced liquidation at this settlement left positions open (nothing to close against, a suspended instrument) */
                            force_close_failed: boolean;
                            /** @description The day's trades of the account */
                            trade_count: number;
                            /** @description The day's forced liquidations of the account, during trading and at the settlement (force_closed says only whether the settlement's closed every position) */
                            liquidation_ids: string[];
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountSettlementsByAccountIdTradingDay: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                account_id: string;
                /** @description The day settled: YYYY-MM-DD or YYYYMMDD */
                trading_day: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            /** @description The day settled, YYYY-MM-DD */
                            trading_day: string;
                            next_trading_day: string;
                            /** @description milliseconds since the epoch */
                            settled_at: number;
                            currency: string;
                            pre_balance: number;
                            deposit: number;
                            withdraw: number;
                            close_profit: number;
                            position_profit: number;
                            commission: number;
                            balance: number;
                            margin: number;
                            available: number;
                            risk_ratio: number;
                            /** @description Forced liquidation at this settlement closed every position */
                            force_closed: boolean;
                            /** @description Forced liquidation at this settlement left positions open (nothing to close against, a suspended instrument) */
                            force_close_failed: boolean;
                            /** @description The day's trades of the account */
                            trade_count: number;
                            /** @description The day's forced liquidations of the account, during trading and at the settlement (force_closed says only whether the settlement's closed every position) */
                            liquidation_ids: string[];
                            /** @description Held at the settlement price (empty for days settled before 2026-11-25, which did not record them) */
                            positions: {
                                instrument_id: string;
                                volume_long: number;
                                /** @description Of the long lots, those opened on the day */
                                volume_long_today: number;
                                volume_short: number;
                                volume_short_today: number;
                                settlement_price: number;
                                /** @description The day's mark-to-market of these lots */
                                position_profit: number;
                                margin: number;
                            }[];
                            /** @description Lots of delisted instruments the settlement closed at the settlement price: their profit is in close_profit, with no trade */
                            closed_at_delisting: {
                                instrument_id: string;
                                volume_long: number;
                                volume_short: number;
                                settlement_price: number;
                                /** @description Part of close_profit */
                                close_profit: number;
                            }[];
                            /** @description The day's forced liquidations of the account, oldest first */
                            liquidations: {
                                liquidation_id: string;
                                account_id: string;
                                user_id: string;
                                /** @description risk (the account reached the force-close threshold while trading), settlement (it did at the day's settlement) or admin (forced by an administrator) */
                                trigger: string;
                                /** @description milliseconds since the epoch */
                                datetime: number;
                                risk_ratio_before: number;
                                risk_ratio_after: number;
                                cancelled_orders: number;
                                /** @description The account's pending conditional orders it cancelled */
                                cancelled_conditional_orders: number;
                                /** @description complete (every position closed), partial or none */
                                result: string;
                                orders: {
                                    order_id: string;
                                    instrument_id: string;
                                    direction: string;
                                    offset: string;
                                    volume: number;
                                    filled: number;
                                    average_price: number;
                                    refusal: string;
                                }[];
                            }[];
                            /** @description The day's trades, oldest first: one page of trade_count (limit, offset) */
                            trades: {
                                user_id: string;
                                account_id: string;
                                trade_id: string;
                                order_id: string;
                                exchange_id: string;
                                instrument_id: string;
                                exchange_trade_id: string;
                                exchange_order_id: string;
                                direction: string;
                                offset: string;
                                price: number;
                                volume: number;
                                /** @description nanoseconds since the epoch */
                                trade_date_time: number;
                                commission: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAccountLiquidationsByAccountId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            liquidation_id: string;
                            account_id: string;
                            user_id: string;
                            /** @description risk (the account reached the force-close threshold while trading), settlement (it did at the day's settlement) or admin (forced by an administrator) */
                            trigger: string;
                            /** @description milliseconds since the epoch */
                            datetime: number;
                            risk_ratio_before: number;
                            risk_ratio_after: number;
                            cancelled_orders: number;
                            /** @description The account's pending conditional orders it cancelled */
                            cancelled_conditional_orders: number;
                            /** @description complete (every position closed), partial or none */
                            result: string;
                            orders: {
                                order_id: string;
                                instrument_id: string;
                                direction: string;
                                offset: string;
                                volume: number;
                                filled: number;
                                average_price: number;
                                refusal: string;
                            }[];
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postOrderSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id?: string;
                    account_id?: string;
                    /** @description any text up to 64 characters; generated when empty or absent */
                    order_id?: string;
                    exchange_id?: string;
                    /** @description with or without the exchange prefix */
                    instrument_id: string;
                    /** @enum {string} */
                    direction: "BUY" | "SELL";
                    /** @enum {string} */
                    offset: "OPEN" | "CLOSE" | "CLOSETODAY" | "CLOSEYESTERDAY" | "CLOSE_TODAY" | "CLOSE_YESTERDAY";
                    /** @description lots, a whole number >= 1 (else 3007) */
                    volume: number;
                    /** @enum {string} */
                    price_type?: "LIMIT" | "MARKET" | "ANY";
                    /**
                     * @description alias of price_type
                     * @enum {string}
                     */
                    order_type?: "LIMIT" | "MARKET" | "ANY";
                    price?: number | null;
                    /** @description alias of price */
                    limit_price?: number | null;
                    /**
                     * @default GFD
                     * @enum {string}
                     */
                    time_condition?: "IOC" | "GFS" | "GFD" | "GTD" | "GTC" | "GFA";
                    /**
                     * @default ANY
                     * @enum {string}
                     */
                    volume_condition?: "ANY" | "MIN" | "ALL";
                    /** @description with volume_condition MIN */
                    min_volume?: number;
                    /** @description with time_condition GTD */
                    valid_until_date?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postOrderCancel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id?: string;
                    account_id?: string;
                    order_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putOrderModifyByOrderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id?: string;
                    account_id?: string;
                    /** @description the new limit price; absent: the price stays (give new_price, new_volume or both) */
                    new_price?: number;
                    /** @description the lots still to fill after the modify, not a new total: an order of 5 with 2 filled and new_volume 4 is then an order of 6, 2 filled and 4 left (volume_orign 6, volume_left 4); absent: what is still to fill when the modify is applied */
                    new_volume?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getOrderByOrderId: {
        parameters: {
            query?: {
                account_id?: string;
            };
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getOrderUserByUserId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                account_id?: string;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
            };
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postOrderBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id?: string;
                    account_id?: string;
                    orders: {
                        /** @description any text up to 64 characters; generated when empty or absent */
                        order_id?: string;
                        exchange_id?: string;
                        /** @description with or without the exchange prefix */
                        instrument_id: string;
                        /** @enum {string} */
                        direction: "BUY" | "SELL";
                        /** @enum {string} */
                        offset: "OPEN" | "CLOSE" | "CLOSETODAY" | "CLOSEYESTERDAY" | "CLOSE_TODAY" | "CLOSE_YESTERDAY";
                        /** @description lots, a whole number >= 1 (else 3007) */
                        volume: number;
                        /** @enum {string} */
                        price_type?: "LIMIT" | "MARKET" | "ANY";
                        /**
                         * @description alias of price_type
                         * @enum {string}
                         */
                        order_type?: "LIMIT" | "MARKET" | "ANY";
                        price?: number | null;
                        /** @description alias of price */
                        limit_price?: number | null;
                        /**
                         * @default GFD
                         * @enum {string}
                         */
                        time_condition?: "IOC" | "GFS" | "GFD" | "GTD" | "GTC" | "GFA";
                        /**
                         * @default ANY
                         * @enum {string}
                         */
                        volume_condition?: "ANY" | "MIN" | "ALL";
                        /** @description with volume_condition MIN */
                        min_volume?: number;
                        /** @description with time_condition GTD */
                        valid_until_date?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            total: number;
                            success_count: number;
                            failed_count: number;
                            results: {
                                success: boolean;
                                order_id: string;
                                instrument_id: string;
                                error: {
                                    code: number;
                                    message: string;
                                } | null;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postOrderBatchCancel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id?: string;
                    account_id: string;
                    order_ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            total: number;
                            success_count: number;
                            failed_count: number;
                            results: {
                                success: boolean;
                                order_id: string;
                                instrument_id: string;
                                error: {
                                    code: number;
                                    message: string;
                                } | null;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postOrderConditional: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id: string;
                    instrument_id: string;
                    exchange_id?: string;
                    /** @enum {string} */
                    direction: "BUY" | "SELL";
                    /** @enum {string} */
                    offset: "OPEN" | "CLOSE" | "CLOSETODAY" | "CLOSEYESTERDAY" | "CLOSE_TODAY" | "CLOSE_YESTERDAY";
                    volume: number;
                    /** @enum {string} */
                    order_type: "LIMIT" | "MARKET";
                    limit_price?: number | null;
                    /** @enum {string} */
                    condition_type: "StopLoss" | "TakeProfit" | "PriceTouch";
                    trigger_price: number;
                    /** @enum {string} */
                    trigger_condition: "GreaterOrEqual" | "LessOrEqual";
                    /** @description expiry, epoch ms */
                    valid_until?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            conditional_order_id: string;
                            status: string;
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getOrderConditionalList: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            conditional_order_id: string;
                            account_id: string;
                            user_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume: number;
                            order_type: string;
                            limit_price: number | null;
                            condition_type: string;
                            trigger_price: number;
                            trigger_condition: string;
                            /** @description milliseconds since the epoch */
                            valid_until: number | null;
                            status: string;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                            /** @description milliseconds since the epoch */
                            updated_at: number;
                            order_id: string;
                            reason: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getOrderConditionalStatistics: {
        parameters: {
            query?: {
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            total: number;
                            pending: number;
                            triggered: number;
                            cancelled: number;
                            expired: number;
                            failed: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteOrderConditionalByConditionalOrderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conditional_order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            conditional_order_id: string;
                            account_id: string;
                            user_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume: number;
                            order_type: string;
                            limit_price: number | null;
                            condition_type: string;
                            trigger_price: number;
                            trigger_condition: string;
                            /** @description milliseconds since the epoch */
                            valid_until: number | null;
                            status: string;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                            /** @description milliseconds since the epoch */
                            updated_at: number;
                            order_id: string;
                            reason: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getPositionAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            /** @description keyed <exchange_id>.<instrument_id> */
                            positions: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    volume_long: number;
                                    volume_long_today: number;
                                    volume_long_his: number;
                                    volume_long_frozen: number;
                                    volume_short: number;
                                    volume_short_today: number;
                                    volume_short_his: number;
                                    volume_short_frozen: number;
                                    open_price_long: number;
                                    open_price_short: number;
                                    position_price_long: number;
                                    position_price_short: number;
                                    open_cost_long: number;
                                    open_cost_short: number;
                                    position_cost_long: number;
                                    position_cost_short: number;
                                    float_profit_long: number;
                                    float_profit_short: number;
                                    float_profit: number;
                                    position_profit_long: number;
                                    position_profit_short: number;
                                    position_profit: number;
                                    margin_long: number;
                                    margin_short: number;
                                    margin: number;
                                    last_price: number;
                                };
                            };
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getPositionUserByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            /** @description keyed <exchange_id>.<instrument_id> */
                            positions: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    volume_long: number;
                                    volume_long_today: number;
                                    volume_long_his: number;
                                    volume_long_frozen: number;
                                    volume_short: number;
                                    volume_short_today: number;
                                    volume_short_his: number;
                                    volume_short_frozen: number;
                                    open_price_long: number;
                                    open_price_short: number;
                                    position_price_long: number;
                                    position_price_short: number;
                                    open_cost_long: number;
                                    open_cost_short: number;
                                    position_cost_long: number;
                                    position_cost_short: number;
                                    float_profit_long: number;
                                    float_profit_short: number;
                                    float_profit: number;
                                    position_profit_long: number;
                                    position_profit_short: number;
                                    position_profit: number;
                                    margin_long: number;
                                    margin_short: number;
                                    margin: number;
                                    last_price: number;
                                };
                            };
                            list: {
                                user_id: string;
                                account_id: string;
                                exchange_id: string;
                                instrument_id: string;
                                volume_long: number;
                                volume_long_today: number;
                                volume_long_his: number;
                                volume_long_frozen: number;
                                volume_short: number;
                                volume_short_today: number;
                                volume_short_his: number;
                                volume_short_frozen: number;
                                open_price_long: number;
                                open_price_short: number;
                                position_price_long: number;
                                position_price_short: number;
                                open_cost_long: number;
                                open_cost_short: number;
                                position_cost_long: number;
                                position_cost_short: number;
                                float_profit_long: number;
                                float_profit_short: number;
                                float_profit: number;
                                position_profit_long: number;
                                position_profit_short: number;
                                position_profit: number;
                                margin_long: number;
                                margin_short: number;
                                margin: number;
                                last_price: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getPositionByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            /** @description keyed <exchange_id>.<instrument_id> */
                            positions: {
                                [key: string]: {
                                    user_id: string;
                                    account_id: string;
                                    exchange_id: string;
                                    instrument_id: string;
                                    volume_long: number;
                                    volume_long_today: number;
                                    volume_long_his: number;
                                    volume_long_frozen: number;
                                    volume_short: number;
                                    volume_short_today: number;
                                    volume_short_his: number;
                                    volume_short_frozen: number;
                                    open_price_long: number;
                                    open_price_short: number;
                                    position_price_long: number;
                                    position_price_short: number;
                                    open_cost_long: number;
                                    open_cost_short: number;
                                    position_cost_long: number;
                                    position_cost_short: number;
                                    float_profit_long: number;
                                    float_profit_short: number;
                                    float_profit: number;
                                    position_profit_long: number;
                                    position_profit_short: number;
                                    position_profit: number;
                                    margin_long: number;
                                    margin_short: number;
                                    margin: number;
                                    last_price: number;
                                };
                            };
                            list: {
                                user_id: string;
                                account_id: string;
                                exchange_id: string;
                                instrument_id: string;
                                volume_long: number;
                                volume_long_today: number;
                                volume_long_his: number;
                                volume_long_frozen: number;
                                volume_short: number;
                                volume_short_today: number;
                                volume_short_his: number;
                                volume_short_frozen: number;
                                open_price_long: number;
                                open_price_short: number;
                                position_price_long: number;
                                position_price_short: number;
                                open_cost_long: number;
                                open_cost_short: number;
                                position_cost_long: number;
                                position_cost_short: number;
                                float_profit_long: number;
                                float_profit_short: number;
                                float_profit: number;
                                position_profit_long: number;
                                position_profit_short: number;
                                position_profit: number;
                                margin_long: number;
                                margin_short: number;
                                margin: number;
                                last_price: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getTradesAccountByAccountId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            trade_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            exchange_trade_id: string;
                            exchange_order_id: string;
                            direction: string;
                            offset: string;
                            price: number;
                            volume: number;
                            /** @description nanoseconds since the epoch */
                            trade_date_time: number;
                            commission: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getTradesUserByUserId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                account_id?: string;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
            };
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            trade_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            exchange_trade_id: string;
                            exchange_order_id: string;
                            direction: string;
                            offset: string;
                            price: number;
                            volume: number;
                            /** @description nanoseconds since the epoch */
                            trade_date_time: number;
                            commission: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketInstruments: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketSymbols: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketSymbolsJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getMarketOrderbookByInstrumentId: {
        parameters: {
            query?: {
                depth?: number;
            };
            header?: never;
            path: {
                instrument_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            bids: {
                                price: number;
                                volume: number;
                                order_count: number;
                            }[];
                            asks: {
                                price: number;
                                volume: number;
                                order_count: number;
                            }[];
                            /** @description milliseconds since the epoch */
                            timestamp: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketTickByInstrumentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instrument_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            /** @description YYYY-MM-DD HH:MM:SS.ffffff in the exchange time zone */
                            datetime: string;
                            last_price: number;
                            highest: number;
                            lowest: number;
                            open: number;
                            close: number;
                            pre_close: number;
                            pre_settlement: number;
                            settlement: number;
                            upper_limit: number;
                            lower_limit: number;
                            bid_price1: number;
                            bid_volume1: number;
                            ask_price1: number;
                            ask_volume1: number;
                            volume: number;
                            amount: number;
                            open_interest: number;
                            pre_open_interest: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketTradesByInstrumentId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                instrument_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            trade_id: string;
                            instrument_id: string;
                            price: number;
                            volume: number;
                            direction: string;
                            /** @description milliseconds since the epoch */
                            datetime: number;
                            /** @description nanoseconds since the epoch */
                            trade_date_time: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketKlineByInstrumentId: {
        parameters: {
            query?: {
                period?: 4 | 5 | 6 | 7 | 8 | 0;
                count?: number;
            };
            header?: never;
            path: {
                instrument_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            period: number;
                            duration_ns: number;
                            klines: {
                                id: number;
                                /** @description nanoseconds since the epoch */
                                datetime: number;
                                open: number;
                                high: number;
                                low: number;
                                close: number;
                                volume: number;
                                open_oi: number;
                                close_oi: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMarketCalendar: {
        parameters: {
            query?: {
                /** @description how many trading days to list, the current one first */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            timezone: string;
                            /** @description continuous (orders at any hour) or scheduled */
                            session_mode: string;
                            /** @description the sessions, when scheduled */
                            trading_hours: string | null;
                            /** @description HH:MM, when scheduled */
                            settlement_time: string | null;
                            /** @description the current trading day, YYYY-MM-DD */
                            trading_day: string;
                            next_trading_day: string;
                            market_open: boolean;
                            /** @description why orders are refused now, as the refusals say it ('' while the market is open) */
                            market_closed_reason: string;
                            /** @description upcoming holidays (weekdays without trading), by date */
                            holidays: {
                                date: string;
                                name: string;
                                weekday: string;
                            }[];
                            /** @description the current trading day and those after it */
                            trading_days: string[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminCalendarHolidays: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    holidays?: {
                        /** @description YYYY-MM-DD or YYYYMMDD */
                        date: string;
                        /** @description what the day is, e.g. "New Year's Day" */
                        name?: string;
                    }[];
                    /** @description first day of a closure (instead of holidays) */
                    from?: string;
                    /** @description last day of the closure (default: from) */
                    to?: string;
                    /** @description the closure's name, or the default name of the listed holidays */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            timezone: string;
                            /** @description continuous (orders at any hour) or scheduled */
                            session_mode: string;
                            /** @description the sessions, when scheduled */
                            trading_hours: string | null;
                            /** @description HH:MM, when scheduled */
                            settlement_time: string | null;
                            /** @description the current trading day, YYYY-MM-DD */
                            trading_day: string;
                            next_trading_day: string;
                            market_open: boolean;
                            /** @description why orders are refused now, as the refusals say it ('' while the market is open) */
                            market_closed_reason: string;
                            /** @description upcoming holidays (weekdays without trading), by date */
                            holidays: {
                                date: string;
                                name: string;
                                weekday: string;
                            }[];
                            /** @description the current trading day and those after it */
                            trading_days: string[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteAdminCalendarHolidaysByDate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description YYYY-MM-DD or YYYYMMDD */
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            timezone: string;
                            /** @description continuous (orders at any hour) or scheduled */
                            session_mode: string;
                            /** @description the sessions, when scheduled */
                            trading_hours: string | null;
                            /** @description HH:MM, when scheduled */
                            settlement_time: string | null;
                            /** @description the current trading day, YYYY-MM-DD */
                            trading_day: string;
                            next_trading_day: string;
                            market_open: boolean;
                            /** @description why orders are refused now, as the refusals say it ('' while the market is open) */
                            market_closed_reason: string;
                            /** @description upcoming holidays (weekdays without trading), by date */
                            holidays: {
                                date: string;
                                name: string;
                                weekday: string;
                            }[];
                            /** @description the current trading day and those after it */
                            trading_days: string[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            status: string;
                            seq: number;
                            trading_day: string;
                            market_open: boolean;
                            uptime_seconds: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringSystem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accounts_count: number;
                            orders_count: number;
                            /** @description Trades executed: a fill between two accounts counts once (the management trade list shows a row for each side) */
                            trades_count: number;
                            ws_connections: number;
                            memory_usage_mb: number;
                            /** @description JavaScript heap in use, garbage not yet collected included (part of memory_usage_mb) */
                            heap_used_mb: number;
                            /** @description JavaScript heap held from the system, used or not (part of memory_usage_mb): the rest of memory_usage_mb is native memory and what the allocator keeps after a peak */
                            heap_total_mb: number;
                            /** @description memory outside the heap held by JavaScript objects: buffers, typed arrays (the history indexes) */
                            external_mb: number;
                            /** @description finished orders and trades kept in the storage engine rather than in memory */
                            history_archive_records: number;
                            /** @description memory the archive holds (part of memory_usage_mb): 6 bytes of index a record, each account's open chunk, recently read chunks */
                            history_archive_mb: number;
                            cpu_usage_percent: number;
                            uptime_seconds: number;
                            users_count: number;
                            live_orders: number;
                            /** @description Instruments listed (trading or suspended), as GET /api/market/instruments shows them; delisted ones are not counted */
                            instruments_count: number;
                            seq: number;
                            trading_day: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description Size of the write-ahead log files (the writes the memtables hold) */
                            wal_size_mb: number;
                            /** @description LevelDB's approximate memory use: its memtables and its block cache (LevelDB reports no figure of the memtables alone) */
                            memtable_size_mb: number;
                            sstable_count: number;
                            sstable_total_size_mb: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accounts_count: number;
                            users_count: number;
                            frozen_accounts: number;
                            /** @description Accounts at each risk level, keyed as the accounts' risk_level spells it */
                            by_risk_level: {
                                normal: number;
                                warning: number;
                                "force-close": number;
                            };
                            total_balance: number;
                            total_available: number;
                            total_margin: number;
                            total_frozen_margin: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            orders_count: number;
                            live_orders: number;
                            live_by_instrument: {
                                [key: string]: number;
                            };
                            conditional_pending: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringTrades: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description Trades executed: a fill between two accounts counts once (the management trade list shows a row for each side) */
                            trades_count: number;
                            instruments: {
                                instrument_id: string;
                                volume: number;
                                amount: number;
                                last_price: number;
                                open_interest: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getMonitoringReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            generated_at: number;
                            trading_day: string;
                            accounts: {
                                accounts_count: number;
                                users_count: number;
                                frozen_accounts: number;
                                /** @description Accounts at each risk level, keyed as the accounts' risk_level spells it */
                                by_risk_level: {
                                    normal: number;
                                    warning: number;
                                    "force-close": number;
                                };
                                total_balance: number;
                                total_available: number;
                                total_margin: number;
                                total_frozen_margin: number;
                            };
                            orders: {
                                orders_count: number;
                                live_orders: number;
                                live_by_instrument: {
                                    [key: string]: number;
                                };
                                conditional_pending: number;
                            };
                            trades: {
                                /** @description Trades executed: a fill between two accounts counts once (the management trade list shows a row for each side) */
                                trades_count: number;
                                instruments: {
                                    instrument_id: string;
                                    volume: number;
                                    amount: number;
                                    last_price: number;
                                    open_interest: number;
                                }[];
                            };
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementAccounts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
                account_id?: string;
                user_id?: string;
                /** @description only accounts whose id, user id or username contains this, ignoring case */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                            username: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementLeaderboard: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description what accounts are ranked by, highest first */
                sort_by?: "profit" | "return" | "balance";
                /** @description only accounts whose id, user id or username contains this, ignoring case (ranks stay those of the whole board) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description accounts level on the ranking metric share a rank (1, 2, 2, 4) */
                            rank: number;
                            account_id: string;
                            user_id: string;
                            username: string;
                            /** @description equity: positions marked at the last price */
                            balance: number;
                            /** @description money put in: opening balance, deposits and transfers in, less withdrawals and transfers out */
                            net_deposits: number;
                            /** @description the most money ever put in (net_deposits at its highest): the base of the return, which a withdrawal does not shrink */
                            capital: number;
                            /** @description balance - net_deposits */
                            profit: number;
                            /** @description profit / capital (rounded to 6 decimals; ranks use the exact ratio); null when nothing was ever put in */
                            return_ratio: number | null;
                            /** @description fills the account took part in */
                            trades: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description a frozen account places no orders (an operator may freeze one to take it out of a competition) */
                            is_frozen: boolean;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementLeaderboardCsv: {
        parameters: {
            query?: {
                /** @description what accounts are ranked by, highest first */
                sort_by?: "profit" | "return" | "balance";
                /** @description only accounts whose id, user id or username contains this, ignoring case (ranks stay those of the whole board) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: rank, username, account_id, user_id, profit, return_ratio, equity, net_deposits, capital, fills, risk_level, frozen */
            200: {
                headers: {
                    /** @description attachment; filename="leaderboard-<metric>-<trading day>.csv" */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementAccountDetailByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user: {
                                user_id: string;
                                username: string;
                                role: string;
                                account_ids: string[];
                                /** @description ISO 8601 */
                                created_at: string;
                                /** @description ISO 8601: when the password was last changed or reset; null if never since registration */
                                password_changed_at: string | null;
                                /** @description who changed it: the user's own name, an operator's ("an operator" to the user), or "(exchange start)" (ADMIN_PASSWORD_RESET); null if never */
                                password_changed_by: string | null;
                            };
                            accounts: {
                                account_id: string;
                                user_id: string;
                                currency: string;
                                balance: number;
                                available: number;
                                /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                                withdrawable: number;
                                margin: number;
                                frozen_margin: number;
                                /** @description balance - available: funds held by margin and live orders */
                                frozen: number;
                                float_profit: number;
                                risk_ratio: number;
                                /** @enum {string} */
                                risk_level: "normal" | "warning" | "force-close";
                                /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                                deficit: number;
                                /** @description a frozen account places no orders and withdraws nothing (2005) */
                                is_frozen: boolean;
                                /** @description milliseconds since the epoch */
                                created_at: number;
                                account_cookie: string;
                                accounts: {
                                    account_id: string;
                                    user_id: string;
                                    currency: string;
                                    pre_balance: number;
                                    deposit: number;
                                    withdraw: number;
                                    static_balance: number;
                                    close_profit: number;
                                    commission: number;
                                    float_profit: number;
                                    position_profit: number;
                                    balance: number;
                                    margin: number;
                                    frozen_margin: number;
                                    frozen_commission: number;
                                    available: number;
                                    risk_ratio: number;
                                };
                                /** @description keyed <exchange_id>.<instrument_id> */
                                positions: {
                                    [key: string]: {
                                        user_id: string;
                                        account_id: string;
                                        exchange_id: string;
                                        instrument_id: string;
                                        volume_long: number;
                                        volume_long_today: number;
                                        volume_long_his: number;
                                        volume_long_frozen: number;
                                        volume_short: number;
                                        volume_short_today: number;
                                        volume_short_his: number;
                                        volume_short_frozen: number;
                                        open_price_long: number;
                                        open_price_short: number;
                                        position_price_long: number;
                                        position_price_short: number;
                                        open_cost_long: number;
                                        open_cost_short: number;
                                        position_cost_long: number;
                                        position_cost_short: number;
                                        float_profit_long: number;
                                        float_profit_short: number;
                                        float_profit: number;
                                        position_profit_long: number;
                                        position_profit_short: number;
                                        position_profit: number;
                                        margin_long: number;
                                        margin_short: number;
                                        margin: number;
                                        last_price: number;
                                    };
                                };
                                /** @description The newest 1,000 order records and every live order; older ones: GET /api/order/user/{user_id} (paged) */
                                orders: {
                                    [key: string]: {
                                        user_id: string;
                                        account_id: string;
                                        order_id: string;
                                        exchange_id: string;
                                        instrument_id: string;
                                        direction: string;
                                        offset: string;
                                        volume_orign: number;
                                        volume_left: number;
                                        price_type: string;
                                        limit_price: number;
                                        time_condition: string;
                                        volume_condition: string;
                                        min_volume: number;
                                        valid_until_date: string;
                                        /** @description nanoseconds since the epoch */
                                        insert_date_time: number;
                                        exchange_order_id: string;
                                        /** @enum {string} */
                                        status: "ALIVE" | "FINISHED";
                                        last_msg: string;
                                        exchange_status: string;
                                        filled_volume: number;
                                        frozen_margin: number;
                                        trades: string[];
                                        /** @description nanoseconds since the epoch */
                                        update_date_time: number;
                                    };
                                };
                                /** @description The newest 1,000 trades; older ones: GET /api/trades/account/{account_id} (paged) */
                                trades: {
                                    [key: string]: {
                                        user_id: string;
                                        account_id: string;
                                        trade_id: string;
                                        order_id: string;
                                        exchange_id: string;
                                        instrument_id: string;
                                        exchange_trade_id: string;
                                        exchange_order_id: string;
                                        direction: string;
                                        offset: string;
                                        price: number;
                                        volume: number;
                                        /** @description nanoseconds since the epoch */
                                        trade_date_time: number;
                                        commission: number;
                                    };
                                };
                                /** @description Order records the account has in all (a modified order is a record more) */
                                orders_total: number;
                                /** @description Trades the account has in all */
                                trades_total: number;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementOrders: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
                account_id?: string;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            direction: string;
                            offset: string;
                            volume_orign: number;
                            volume_left: number;
                            price_type: string;
                            limit_price: number;
                            time_condition: string;
                            volume_condition: string;
                            min_volume: number;
                            valid_until_date: string;
                            /** @description nanoseconds since the epoch */
                            insert_date_time: number;
                            exchange_order_id: string;
                            /** @enum {string} */
                            status: "ALIVE" | "FINISHED";
                            last_msg: string;
                            exchange_status: string;
                            filled_volume: number;
                            frozen_margin: number;
                            trades: string[];
                            /** @description nanoseconds since the epoch */
                            update_date_time: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementTrades: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description oldest first (paging on never misses a record), or newest first */
                sort?: "oldest" | "newest";
                account_id?: string;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user_id: string;
                            account_id: string;
                            trade_id: string;
                            order_id: string;
                            exchange_id: string;
                            instrument_id: string;
                            exchange_trade_id: string;
                            exchange_order_id: string;
                            direction: string;
                            offset: string;
                            price: number;
                            volume: number;
                            /** @description nanoseconds since the epoch */
                            trade_date_time: number;
                            commission: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: string;
                    account_id?: string;
                    /** @description currency units */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementWithdraw: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: string;
                    account_id?: string;
                    /** @description currency units */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putManagementAccountsFreezeByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putManagementAccountsUnfreezeByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementTransactionsByUserId: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            /** @description open (the opening balance), deposit, withdraw, transfer-in or transfer-out */
                            kind: string;
                            /** @description the money moved, never negative: kind tells which way */
                            amount: number;
                            /** @description its effect on the account's balance: amount, negative for withdraw and transfer-out (the rows sum to the net money put in) */
                            change: number;
                            /** @description milliseconds since the epoch */
                            datetime: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    users: {
                        /** @description 3 to 32 letters, digits or _ . @ - */
                        username: string;
                        /** @description 6 to 128 characters; without it one is generated and returned */
                        password?: string;
                        /** @description an account to open for the user (with initial_balance, else 0) */
                        account_id?: string;
                        /** @description opens an account with this balance (currency units); its id is account_id, else generated */
                        initial_balance?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description users registered by this call */
                            enrolled: number;
                            users: {
                                username: string;
                                /** @description null when the user was not registered */
                                user_id: string | null;
                                account_id: string | null;
                                /** @description the generated password, when none was given; null otherwise */
                                password: string | null;
                                error: {
                                    code: number;
                                    message: string;
                                } | null;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getCompetition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description [competition] public_leaderboard: GET /api/competition/leaderboard answers; else it refuses with 1003 */
                            public_leaderboard: boolean;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getCompetitionLeaderboard: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description what accounts are ranked by, highest first */
                sort_by?: "profit" | "return";
                /** @description only accounts whose username or account id contains this, ignoring case (ranks stay those of the whole board) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description accounts level on the ranking metric share a rank (1, 2, 2, 4); frozen accounts are not ranked */
                            rank: number;
                            username: string;
                            account_id: string;
                            /** @description the ranking's figure alone: profit in yuan (sort_by=profit: equity less the money put in), or the return ratio (sort_by=return: profit over the most money ever put in, 6 decimals; null when nothing was ever put in). Not both: together they would tell each participant's capital */
                            value: number | null;
                            /** @description fills the account took part in */
                            trades: number;
                            /** @description the account is the caller's own */
                            is_own: boolean;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementRiskAccounts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description The least risk level listed: 'warning' by default; 'normal' lists every account, the riskiest first */
                min_level?: "normal" | "warning" | "force-close";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account_id: string;
                            user_id: string;
                            currency: string;
                            balance: number;
                            available: number;
                            /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                            withdrawable: number;
                            margin: number;
                            frozen_margin: number;
                            /** @description balance - available: funds held by margin and live orders */
                            frozen: number;
                            float_profit: number;
                            risk_ratio: number;
                            /** @enum {string} */
                            risk_level: "normal" | "warning" | "force-close";
                            /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                            deficit: number;
                            /** @description a frozen account places no orders and withdraws nothing (2005) */
                            is_frozen: boolean;
                            /** @description milliseconds since the epoch */
                            created_at: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementRiskMarginSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            total_balance: number;
                            total_margin: number;
                            total_frozen_margin: number;
                            total_available: number;
                            /** @description total_margin / total_balance */
                            margin_ratio: number;
                            accounts_count: number;
                            accounts_with_margin: number;
                            warning_accounts: number;
                            force_close_accounts: number;
                            /** @description accounts with a negative balance */
                            deficit_accounts: number;
                            /** @description what those accounts owe, together */
                            total_deficit: number;
                            warning_threshold: number;
                            force_close_threshold: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getManagementRiskLiquidations: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            liquidation_id: string;
                            account_id: string;
                            user_id: string;
                            /** @description risk (the account reached the force-close threshold while trading), settlement (it did at the day's settlement) or admin (forced by an administrator) */
                            trigger: string;
                            /** @description milliseconds since the epoch */
                            datetime: number;
                            risk_ratio_before: number;
                            risk_ratio_after: number;
                            cancelled_orders: number;
                            /** @description The account's pending conditional orders it cancelled */
                            cancelled_conditional_orders: number;
                            /** @description complete (every position closed), partial or none */
                            result: string;
                            orders: {
                                order_id: string;
                                instrument_id: string;
                                direction: string;
                                offset: string;
                                volume: number;
                                filled: number;
                                average_price: number;
                                refusal: string;
                            }[];
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postManagementRiskForceLiquidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id?: string;
                    user_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            account: {
                                account_id: string;
                                user_id: string;
                                currency: string;
                                balance: number;
                                available: number;
                                /** @description the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio */
                                withdrawable: number;
                                margin: number;
                                frozen_margin: number;
                                /** @description balance - available: funds held by margin and live orders */
                                frozen: number;
                                float_profit: number;
                                risk_ratio: number;
                                /** @enum {string} */
                                risk_level: "normal" | "warning" | "force-close";
                                /** @description what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level */
                                deficit: number;
                                /** @description a frozen account places no orders and withdraws nothing (2005) */
                                is_frozen: boolean;
                                /** @description milliseconds since the epoch */
                                created_at: number;
                            };
                            liquidation: {
                                liquidation_id: string;
                                account_id: string;
                                user_id: string;
                                /** @description risk (the account reached the force-close threshold while trading), settlement (it did at the day's settlement) or admin (forced by an administrator) */
                                trigger: string;
                                /** @description milliseconds since the epoch */
                                datetime: number;
                                risk_ratio_before: number;
                                risk_ratio_after: number;
                                cancelled_orders: number;
                                /** @description The account's pending conditional orders it cancelled */
                                cancelled_conditional_orders: number;
                                /** @description complete (every position closed), partial or none */
                                result: string;
                                orders: {
                                    order_id: string;
                                    instrument_id: string;
                                    direction: string;
                                    offset: string;
                                    volume: number;
                                    filled: number;
                                    average_price: number;
                                    refusal: string;
                                }[];
                            } | null;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAdminInstruments: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminInstrumentCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instrument_id: string;
                    exchange_id?: string;
                    /** @description admin form: exchange id */
                    exchange?: string;
                    product_id?: string;
                    instrument_name?: string;
                    instrument_type?: string;
                    price_tick: number;
                    volume_multiple?: number;
                    /** @description admin form: volume_multiple */
                    contract_multiplier?: number;
                    margin_ratio?: number;
                    /** @description admin form: margin_ratio */
                    margin_rate?: number;
                    commission?: number;
                    /** @description admin form: commission */
                    commission_rate?: number;
                    limit_up_rate?: number;
                    limit_down_rate?: number;
                    /** @description reference price; price limits derive from it */
                    pre_settlement?: number;
                    list_date?: string;
                    expire_date?: string;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    upper_limit?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    lower_limit?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    settlement_price?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    scheduled_rates?: unknown;
                    /** @description configuration form: TRADING (the default) or SUSPENDED, how the instrument starts; the view's active / suspended too */
                    status?: string;
                    /** @description as status (the admin view's field) */
                    trading_status?: string;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    created_at?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    updated_at?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {object|null} */
                        data: never | null;
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putAdminInstrumentUpdateById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    margin_rate?: number;
                    /** @description alias of margin_rate */
                    margin_ratio?: number;
                    commission_rate?: number;
                    /** @description alias of commission_rate */
                    commission?: number;
                    limit_up_rate?: number;
                    limit_down_rate?: number;
                    /** @description YYYY-MM-DD or YYYYMMDD, the current trading day or a later one: the rates apply at its settlement (its positions are margined at them, the next day's limits derive from them), as exchanges raise margins before a holiday */
                    at_settlement_of?: string;
                    /** @description set at create; accepted only as it is now */
                    instrument_id?: unknown;
                    /** @description set at create; accepted only as it is now */
                    instrument_name?: unknown;
                    /** @description set at create; accepted only as it is now */
                    instrument_type?: unknown;
                    /** @description set at create; accepted only as it is now */
                    exchange?: unknown;
                    /** @description set at create; accepted only as it is now */
                    exchange_id?: unknown;
                    /** @description set at create; accepted only as it is now */
                    product_id?: unknown;
                    /** @description set at create; accepted only as it is now */
                    contract_multiplier?: unknown;
                    /** @description set at create; accepted only as it is now */
                    volume_multiple?: unknown;
                    /** @description set at create; accepted only as it is now */
                    price_tick?: unknown;
                    /** @description set at create; accepted only as it is now */
                    pre_settlement?: unknown;
                    /** @description set at create; accepted only as it is now */
                    list_date?: unknown;
                    /** @description set at create; accepted only as it is now */
                    expire_date?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    upper_limit?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    lower_limit?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    settlement_price?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    scheduled_rates?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    status?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    trading_status?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    created_at?: unknown;
                    /** @description shown by GET /api/admin/instruments; ignored */
                    updated_at?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteAdminInstrumentScheduledRatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putAdminInstrumentSuspendById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    putAdminInstrumentResumeById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteAdminInstrumentDelistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            instrument_name: string;
                            instrument_type: string;
                            exchange: string;
                            exchange_id: string;
                            product_id: string;
                            contract_multiplier: number;
                            volume_multiple: number;
                            price_tick: number;
                            margin_rate: number;
                            commission_rate: number;
                            limit_up_rate: number;
                            limit_down_rate: number;
                            /** @description Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none */
                            scheduled_rates: {
                                /** @description YYYY-MM-DD: the settlement of that trading day applies the rates */
                                at_settlement_of: string;
                                margin_rate?: number;
                                commission_rate?: number;
                                limit_up_rate?: number;
                                limit_down_rate?: number;
                            } | null;
                            pre_settlement: number;
                            /** @description The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price */
                            settlement_price: number | null;
                            upper_limit: number;
                            lower_limit: number;
                            list_date: string;
                            expire_date: string;
                            /** @description active, suspended or delisted */
                            status: string;
                            /** @description TRADING, SUSPENDED or DELISTED */
                            trading_status: string;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminCompactionTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            before: {
                                wal_size_mb: number;
                                memtable_size_mb: number;
                                sstable_count: number;
                                sstable_total_size_mb: number;
                            };
                            after: {
                                wal_size_mb: number;
                                memtable_size_mb: number;
                                sstable_count: number;
                                sstable_total_size_mb: number;
                            };
                            duration_ms: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminSettlementSetPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instrument_id: string;
                    settlement_price: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            instrument_id: string;
                            settlement_price: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminSettlementBatchSetPrices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prices: {
                        instrument_id: string;
                        settlement_price: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            total: number;
                            success_count: number;
                            failed_count: number;
                            results: {
                                instrument_id: string;
                                success: boolean;
                                error: {
                                    code: number;
                                    message: string;
                                } | null;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    postAdminSettlementExecute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Optional: without a body the current trading day is settled */
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The trading day meant to be settled (YYYY-MM-DD, as /health shows it): refused (1001) when the exchange is on another day, e.g. one settled a moment before */
                    trading_day?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            settlement_date: string;
                            next_trading_day: string;
                            total_accounts: number;
                            settled_accounts: number;
                            /** @description Accounts that needed a forced liquidation which left positions open: carried into the next day still at risk */
                            failed_accounts: number;
                            /** @description The failed accounts, by id (the detail marks their lines force_close_failed) */
                            failed_account_ids: string[];
                            /** @description Accounts whose positions forced liquidation at this settlement closed completely */
                            force_closed_accounts: string[];
                            total_commission: number;
                            /** @description Every account's close and position profit of the day, summed. Futures trading is zero-sum between accounts (both sides of a trade are marked at the same prices), so this is 0 up to cent rounding: a check, not a result; each account's profit is in the detail */
                            total_profit: number;
                            /** @description milliseconds since the epoch */
                            executed_at: number;
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAdminSettlementHistory: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description How many items the list holds in all, before limit and offset */
                    "x-total-count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            settlement_date: string;
                            next_trading_day: string;
                            total_accounts: number;
                            settled_accounts: number;
                            /** @description Accounts that needed a forced liquidation which left positions open: carried into the next day still at risk */
                            failed_accounts: number;
                            /** @description The failed accounts, by id (the detail marks their lines force_close_failed) */
                            failed_account_ids: string[];
                            /** @description Accounts whose positions forced liquidation at this settlement closed completely */
                            force_closed_accounts: string[];
                            total_commission: number;
                            /** @description Every account's close and position profit of the day, summed. Futures trading is zero-sum between accounts (both sides of a trade are marked at the same prices), so this is 0 up to cent rounding: a check, not a result; each account's profit is in the detail */
                            total_profit: number;
                            /** @description milliseconds since the epoch */
                            executed_at: number;
                        }[];
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getAdminSettlementDetailByDate: {
        parameters: {
            query?: {
                /** @description Only accounts whose account id or username contains this, or whose user id it is, ignoring case */
                search?: string;
                /** @description Account lines in the page; without it, every line from offset on */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The day settled: YYYY-MM-DD or YYYYMMDD */
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            settlement_date: string;
                            next_trading_day: string;
                            total_accounts: number;
                            settled_accounts: number;
                            /** @description Accounts that needed a forced liquidation which left positions open: carried into the next day still at risk */
                            failed_accounts: number;
                            /** @description The failed accounts, by id (the detail marks their lines force_close_failed) */
                            failed_account_ids: string[];
                            /** @description Accounts whose positions forced liquidation at this settlement closed completely */
                            force_closed_accounts: string[];
                            total_commission: number;
                            /** @description Every account's close and position profit of the day, summed. Futures trading is zero-sum between accounts (both sides of a trade are marked at the same prices), so this is 0 up to cent rounding: a check, not a result; each account's profit is in the detail */
                            total_profit: number;
                            /** @description milliseconds since the epoch */
                            executed_at: number;
                            instruments: {
                                instrument_id: string;
                                settlement_price: number;
                                source: string;
                                pre_settlement: number;
                            }[];
                            /** @description Account lines the search finds (every account without one), before paging */
                            account_lines: number;
                            /** @description In the order they were settled; one page of them with limit and offset */
                            accounts: {
                                account_id: string;
                                user_id: string;
                                pre_balance: number;
                                deposit: number;
                                withdraw: number;
                                close_profit: number;
                                position_profit: number;
                                commission: number;
                                balance: number;
                                margin: number;
                                available: number;
                                risk_ratio: number;
                                /** @description Forced liquidation at this settlement closed every position */
                                force_closed: boolean;
                                /** @description Forced liquidation at this settlement left positions open (nothing to close against, a suspended instrument) */
                                force_close_failed: boolean;
                            }[];
                        };
                        /** @enum {object|null} */
                        error: never | null;
                    };
                };
            };
            /** @description failure envelope */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
            /** @description failure envelope */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {object|null} */
                        data: never | null;
                        error: {
                            /** @description error code of the spec (1001..4003) */
                            code: number;
                            /** @description which field or rule failed */
                            message: string;
                        };
                    };
                };
            };
        };
    };
}
