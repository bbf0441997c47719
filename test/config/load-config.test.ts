import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, formatConfigSummary, loadConfig, type ExchangeConfig } from '../../src/config/index.ts';
import { instrumentEntry, writeTempConfig } from './temp-config.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `fn`, expects a ConfigError, returns its message. */
function configErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${String(err)}`);
    return err.message;
  }
  assert.fail('expected a ConfigError');
}

function loadInstruments(instruments: string): string {
  const cfg = writeTempConfig({ instruments });
  return configErrorOf(() => loadConfig(cfg.env));
}

describe('shipped config', () => {
  const config: ExchangeConfig = loadConfig({}, projectRoot);

  it('loads the template defaults', () => {
    assert.equal(config.configPath, join(projectRoot, 'config/exchange.toml'));
    assert.equal(config.exchange.sessionMode, 'continuous');
    assert.equal(config.exchange.timezone, 'Asia/Shanghai');
    assert.deepEqual(config.exchange.tradingHours, [
      {
        start: { text: '09:00', minutes: 540 },
        end: { text: '15:00', minutes: 900 },
      },
    ]);
    assert.deepEqual(config.exchange.settlementTime, { text: '15:30', minutes: 930 });
    assert.deepEqual(config.server, { httpHost: '127.0.0.1', httpPort: 8000, wsHost: '127.0.0.1', wsPort: 8001, trustProxy: 0 });
    assert.deepEqual(config.risk, { marginRatio: 0.1, forceCloseThreshold: 1.0, warningThreshold: 0.8 });
    assert.equal(config.trading.selfTradePrevention, true);
    assert.equal(config.competition.publicLeaderboard, false);
    assert.equal(config.auth.tokenTtlHours, 24);
    assert.equal(config.auth.adminUsername, undefined);
    assert.equal(config.dataDir, join(projectRoot, 'data'));
    assert.deepEqual(config.envOverrides, []);
  });

  it('has at least 8 instruments covering the five exchanges of the spec', () => {
    assert.ok(config.instrumentsFileFound);
    assert.ok(config.instruments.length >= 8, `only ${config.instruments.length} instruments`);
    const exchanges = new Set(config.instruments.map((i) => i.exchangeId));
    for (const id of ['SHFE', 'INE', 'DCE', 'CZCE', 'CFFEX'] as const) assert.ok(exchanges.has(id), `no ${id} instrument`);
    for (const i of config.instruments) {
      assert.ok(i.instrumentId.startsWith(`${i.exchangeId}.`), i.instrumentId);
      assert.ok(i.preSettlement > 0, `${i.instrumentId} has no reference price`);
      // The sample never expires (config/instruments.toml says why): a date would end it.
      assert.equal(i.expireDate, '', `${i.instrumentId} expires`);
      assert.match(i.listDate, /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('maps entries to InstrumentSpec', () => {
    const cu = config.instruments.find((i) => i.instrumentId === 'SHFE.cu2701');
    assert.deepEqual(cu, {
      instrumentId: 'SHFE.cu2701',
      exchangeId: 'SHFE',
      productId: 'cu',
      instrumentName: 'Copper 2701',
      instrumentType: 'FUTURE',
      priceTick: 10,
      volumeMultiple: 5,
      marginRatio: 0.09,
      commissionRate: 0.00005,
      limitUpRate: 0.08,
      limitDownRate: 0.08,
      preSettlement: 86500,
      listDate: '2026-01-16',
      expireDate: '',
    });
    const sugar = config.instruments.find((i) => i.instrumentId === 'CZCE.SR701');
    assert.equal(sugar?.productId, 'sr');
  });

  it('is deeply frozen', () => {
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.server));
    assert.ok(Object.isFrozen(config.instruments));
    assert.ok(Object.isFrozen(config.instruments[0]));
    assert.ok(Object.isFrozen(config.exchange.tradingHours[0]?.start));
  });
});

describe('defaults', () => {
  it('an empty exchange.toml and no instruments.toml give the template defaults and no instruments', () => {
    const cfg = writeTempConfig({ exchange: '', instruments: null });
    const config = loadConfig(cfg.env, cfg.dir);
    assert.equal(config.exchange.name, 'Basis');
    assert.equal(config.server.httpPort, 8000);
    assert.equal(config.instrumentsFileFound, false);
    assert.equal(config.instrumentsPath, cfg.instrumentsPath);
    assert.deepEqual(config.instruments, []);
    assert.equal(config.dataDir, join(cfg.dir, 'data'));
  });

  it('optional instrument keys take their defaults', () => {
    const cfg = writeTempConfig({ instruments: instrumentEntry({ pre_settlement: undefined }) });
    const [spec] = loadConfig(cfg.env).instruments;
    assert.ok(spec);
    assert.equal(spec.instrumentName, 'SHFE.cu2601');
    assert.equal(spec.instrumentType, 'FUTURE');
    assert.equal(spec.limitUpRate, 0.1);
    assert.equal(spec.limitDownRate, 0.1);
    assert.equal(spec.preSettlement, 0);
    assert.equal(spec.listDate, '');
    assert.equal(spec.expireDate, '');
  });

  it('the standings are public only when [competition] says so, and a wrong value is refused', () => {
    assert.equal(loadConfig(writeTempConfig({ exchange: '' }).env).competition.publicLeaderboard, false);
    assert.equal(loadConfig(writeTempConfig({ exchange: '[competition]\npublic_leaderboard = true\n' }).env).competition.publicLeaderboard, true);
    const err = configErrorOf(() => loadConfig(writeTempConfig({ exchange: '[competition]\npublic_leaderboard = "yes"\n' }).env));
    assert.match(err, /competition\.public_leaderboard/);
    assert.match(err, /true or false/);
  });

  it('warning_threshold defaults to 0.8 x force_close_threshold', () => {
    const cfg = writeTempConfig({ exchange: '[risk]\nforce_close_threshold = 0.5\n' });
    assert.equal(loadConfig(cfg.env).risk.warningThreshold, 0.4);
  });

  it('a trading session may run past midnight', () => {
    const cfg = writeTempConfig({ exchange: '[exchange]\ntrading_hours = "21:00-02:30"\n' });
    const [night] = loadConfig(cfg.env).exchange.tradingHours;
    assert.deepEqual([night?.start.minutes, night?.end.minutes], [1260, 150]);
  });

  it('trading_hours may list several sessions: a night session and the day\'s, with breaks', () => {
    const cfg = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-02:30, 09:00-10:15,10:30-11:30,13:30-15:00"\n' });
    const hours = loadConfig(cfg.env).exchange.tradingHours;
    assert.deepEqual(hours.map((r) => `${r.start.text}-${r.end.text}`), ['21:00-02:30', '09:00-10:15', '10:30-11:30', '13:30-15:00']);
    const spaced = writeTempConfig({ exchange: '[exchange]\ntrading_hours = " 09:00-11:30 , 13:30-15:00 "\n' });
    assert.equal(loadConfig(spaced.env).exchange.tradingHours.length, 2);
  });
});

describe('environment overrides', () => {
  const cfg = writeTempConfig({ exchange: '[server]\nhttp_port = 8000\nws_port = 8001\n' });

  it('HTTP_PORT', () => {
    const config = loadConfig({ ...cfg.env, HTTP_PORT: '8094' });
    assert.equal(config.server.httpPort, 8094);
    assert.equal(config.server.wsPort, 8001);
    assert.deepEqual(config.envOverrides, ['EXCHANGE_CONFIG', 'HTTP_PORT']);
  });

  it('WS_PORT', () => {
    const config = loadConfig({ ...cfg.env, WS_PORT: '8095' });
    assert.equal(config.server.wsPort, 8095);
    assert.equal(config.server.httpPort, 8000);
  });

  it('DATA_DIR, absolute and relative to cwd', () => {
    assert.equal(loadConfig({ ...cfg.env, DATA_DIR: '/var/lib/basis' }).dataDir, '/var/lib/basis');
    assert.equal(loadConfig({ ...cfg.env, DATA_DIR: 'store' }, '/srv/app').dataDir, '/srv/app/store');
  });

  it('EXCHANGE_CONFIG, relative to cwd; instruments.toml is read beside it', () => {
    const nested = writeTempConfig({ exchange: '[exchange]\nname = "Nested"\n', instruments: instrumentEntry() });
    const config = loadConfig({ EXCHANGE_CONFIG: 'exchange.toml' }, nested.dir);
    assert.equal(config.configPath, nested.exchangePath);
    assert.equal(config.exchange.name, 'Nested');
    assert.deepEqual(config.instruments.map((i) => i.instrumentId), ['SHFE.cu2601']);
  });

  it('without EXCHANGE_CONFIG, reads config/exchange.toml under cwd', () => {
    const cfg2 = writeTempConfig({ exchange: null });
    mkdirSync(join(cfg2.dir, 'config'));
    const err = configErrorOf(() => loadConfig({}, cfg2.dir));
    assert.equal(err, `Config file not found: ${join(cfg2.dir, 'config/exchange.toml')}`);
  });

  it('ADMIN_USERNAME / ADMIN_PASSWORD win over [auth]', () => {
    const withAuth = writeTempConfig({ exchange: '[auth]\nadmin_username = "root"\nadmin_password = "from-file"\n' });
    assert.equal(loadConfig(withAuth.env).auth.adminUsername, 'root');
    const config = loadConfig({ ...withAuth.env, ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'from-env' });
    assert.equal(config.auth.adminUsername, 'ops');
    assert.equal(config.auth.adminPassword, 'from-env');
  });

  it('an empty value counts as unset', () => {
    assert.equal(loadConfig({ ...cfg.env, HTTP_PORT: '' }).server.httpPort, 8000);
  });

  it('does not read process.env behind the caller', () => {
    const saved = process.env['HTTP_PORT'];
    process.env['HTTP_PORT'] = '9999';
    try {
      assert.equal(loadConfig(cfg.env).server.httpPort, 8000);
    } finally {
      if (saved === undefined) delete process.env['HTTP_PORT'];
      else process.env['HTTP_PORT'] = saved;
    }
  });
});

describe('errors', () => {
  it('missing exchange.toml: "Config file not found" and the path', () => {
    const missing = resolve('/nonexistent/basis/exchange.toml');
    const msg = configErrorOf(() => loadConfig({ EXCHANGE_CONFIG: missing }));
    assert.ok(msg.startsWith('Config file not found'), msg);
    assert.ok(msg.includes(missing), msg);
  });

  it('malformed TOML names the file and the line', () => {
    const cfg = writeTempConfig({ exchange: '[exchange]\nname = "Basis"\ntrading_hours = \n' });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.match(msg, new RegExp(`${escape(cfg.exchangePath)}: line 3, column \\d+: TOML syntax error`));
  });

  it('malformed instruments.toml names that file and the line', () => {
    const msg = loadInstruments(instrumentEntry() + '[[instruments]\n');
    assert.ok(msg.includes('instruments.toml: line 11'), msg);
  });

  it('wrong type names the file, the key path and the problem', () => {
    const cfg = writeTempConfig({
      instruments: instrumentEntry() + instrumentEntry({ instrument_id: '"SHFE.cu2602"', price_tick: '"10"' }),
    });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.ok(msg.includes(`${cfg.instrumentsPath}: instruments[1].price_tick: must be a number > 0, got string "10"`), msg);
  });

  it('wrong types in exchange.toml', () => {
    const cfg = writeTempConfig({ exchange: '[server]\nhttp_port = "8000"\n[trading]\nself_trade_prevention = "yes"\n' });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.ok(msg.includes(`${cfg.exchangePath}: server.http_port: must be an integer 1..65535, got string "8000"`), msg);
    assert.ok(msg.includes('trading.self_trade_prevention: must be true or false, got string "yes"'), msg);
  });

  it('scheduled sessions with the settlement time inside or before the trading hours', () => {
    const cfg = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "09:00-16:00"\n' });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.ok(msg.includes(`${cfg.exchangePath}: exchange.settlement_time: 15:30 falls in the session 09:00-16:00`), msg);
    // Before the open would settle each day before it trades.
    const early = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\nsettlement_time = "02:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(early.env)).includes('exchange.settlement_time: 02:00 comes before the session 09:00-15:00, which would then trade for the next trading day'));
    // Between two sessions of a day, or after midnight before the day's sessions: the
    // later sessions would trade for the next day.
    const lunch = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "09:00-11:30,13:30-15:00"\nsettlement_time = "12:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(lunch.env)).includes('exchange.settlement_time: 12:00 comes before the session 13:30-15:00'));
    const morning = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-02:30,09:00-15:00"\nsettlement_time = "08:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(morning.env)).includes('exchange.settlement_time: 08:00 comes before the session 09:00-15:00'));
    const night = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-02:30"\nsettlement_time = "22:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(night.env)).includes('22:00 falls in the session 21:00-02:30'));
    // Past midnight, an evening session alone, and the same times with continuous trading: accepted.
    loadConfig(writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-02:30"\nsettlement_time = "15:00"\n' }).env);
    loadConfig(writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-23:00"\nsettlement_time = "15:00"\n' }).env);
    loadConfig(writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "17:00-23:00,09:00-15:00"\nsettlement_time = "16:00"\n' }).env);
    loadConfig(writeTempConfig({ exchange: '[exchange]\ntrading_hours = "09:00-16:00"\n' }).env);
  });

  it('a session past midnight that runs into the day, and sessions that overlap or are empty', () => {
    const allDay = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-15:00"\n' });
    const msg = configErrorOf(() => loadConfig(allDay.env));
    assert.ok(msg.includes('exchange.trading_hours: 21:00-15:00 runs past midnight, so it is a night session'), msg);
    assert.ok(msg.includes('"21:00-02:30,09:00-15:00"'), 'the message shows how to write it');
    const overlapping = writeTempConfig({ exchange: '[exchange]\ntrading_hours = "09:00-11:30,11:00-15:00,21:00-02:30,01:00-03:00"\n' });
    const both = configErrorOf(() => loadConfig(overlapping.env));
    assert.ok(both.includes('exchange.trading_hours: sessions 09:00-11:30 and 11:00-15:00 overlap'), both);
    assert.ok(both.includes('sessions 21:00-02:30 and 01:00-03:00 overlap'), both);
    const split = writeTempConfig({ exchange: '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "21:00-00:00,00:00-02:30,09:00-15:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(split.env)).includes('21:00-00:00 and 00:00-02:30 are one night session: write it as one range, 21:00-02:30'));
    const empty = writeTempConfig({ exchange: '[exchange]\ntrading_hours = "09:00-15:00,12:00-12:00"\n' });
    assert.ok(configErrorOf(() => loadConfig(empty.env)).includes('start and end are the same time (12:00-12:00)'));
  });

  it('unknown key in an instrument entry', () => {
    const msg = loadInstruments(instrumentEntry({}, 'tick_size = 10'));
    assert.match(msg, /instruments\[0\]\.tick_size: unknown key/);
  });

  it('unknown key in a known table, and unknown top-level table', () => {
    const cfg = writeTempConfig({ exchange: '[server]\nhttp_prot = 8000\n[logging]\nlevel = "info"\n' });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.match(msg, /server\.http_prot: unknown key/);
    assert.match(msg, /logging: unknown table/);
  });

  it('missing required instrument key', () => {
    const msg = loadInstruments(instrumentEntry({ volume_multiple: undefined }));
    assert.match(msg, /instruments\[0\]\.volume_multiple: is required \(a positive integer\)/);
  });

  it('duplicate instrument id', () => {
    const msg = loadInstruments(instrumentEntry() + instrumentEntry());
    assert.match(msg, /instruments\[1\]\.instrument_id: duplicate id "SHFE\.cu2601", first defined at instruments\[0\]/);
  });

  it('bad port in env names the variable', () => {
    const cfg = writeTempConfig({});
    for (const [name, value] of [['HTTP_PORT', 'abc'], ['WS_PORT', '0'], ['HTTP_PORT', '65536'], ['WS_PORT', '80.5']] as const) {
      const msg = configErrorOf(() => loadConfig({ ...cfg.env, [name]: value }));
      assert.ok(msg.includes(`environment: ${name}: must be an integer 1..65535, got "${value}"`), msg);
    }
  });

  it('port out of range in the file', () => {
    const cfg = writeTempConfig({ exchange: '[server]\nws_port = 70000\n' });
    assert.match(configErrorOf(() => loadConfig(cfg.env)), /server\.ws_port: must be an integer 1\.\.65535, got 70000/);
  });

  it('the start summary says where the admin user came from, and never shows its password', () => {
    const cfg = writeTempConfig({ exchange: '[auth]\nadmin_username = "chief"\nadmin_password = "chiefpass1"\n' });
    assert.match(formatConfigSummary(loadConfig(cfg.env)), /admin user: +"chief" \(from exchange\.toml\)/);
    const summary = formatConfigSummary(loadConfig({ ...cfg.env, ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'rootpass1' }));
    assert.match(summary, /admin user: +"root" \(from ADMIN_USERNAME\)/);
    assert.ok(!summary.includes('rootpass1'));
  });

  it('one port for HTTP and DIFF names both settings (it would fail at listen, naming neither)', () => {
    const cfg = writeTempConfig({});
    const msg = configErrorOf(() => loadConfig({ ...cfg.env, HTTP_PORT: '9100', WS_PORT: '9100' }));
    assert.match(msg, /environment: WS_PORT: is 9100, the same as HTTP_PORT: the DIFF server needs a port of its own/);
    const inFile = writeTempConfig({ exchange: '[server]\nhttp_port = 9100\nws_port = 9100\n' });
    assert.match(configErrorOf(() => loadConfig(inFile.env)), /server\.ws_port: is 9100, the same as server\.http_port/);
    // Different addresses may share a number.
    const apart = writeTempConfig({ exchange: '[server]\nhttp_host = "127.0.0.1"\nws_host = "127.0.0.2"\nhttp_port = 9100\nws_port = 9100\n' });
    assert.equal(loadConfig(apart.env).server.wsPort, 9100);
    // A name may be either address: "localhost" and 127.0.0.1 on one port is a clash.
    const named = writeTempConfig({ exchange: '[server]\nhttp_host = "localhost"\nws_host = "127.0.0.1"\nhttp_port = 9100\nws_port = 9100\n' });
    assert.match(configErrorOf(() => loadConfig(named.env)), /server\.ws_port: is 9100, the same as server\.http_port/);
  });

  it('hosts must be a name or an address', () => {
    for (const good of ['127.0.0.1', '0.0.0.0', '::', '::1', 'fe80::1', 'localhost', 'exchange-1.example.com']) {
      assert.equal(loadConfig(writeTempConfig({ exchange: `[server]\nhttp_host = "${good}"\n` }).env).server.httpHost, good);
    }
    for (const bad of ['not a host!!', 'host_name', '-leading.example', 'http://127.0.0.1']) {
      const msg = configErrorOf(() => loadConfig(writeTempConfig({ exchange: `[server]\nws_host = "${bad}"\n` }).env));
      assert.ok(msg.includes(`server.ws_host: must be a host name or IP address`), msg);
    }
  });

  it('a token lifetime of at most ten years (a JWT expiry must stay a whole number of seconds)', () => {
    const msg = configErrorOf(() => loadConfig(writeTempConfig({ exchange: '[auth]\ntoken_ttl_hours = 1e20\n' }).env));
    assert.match(msg, /auth\.token_ttl_hours: must be a number of hours > 0, at most 87,600 \(ten years\), got 1e\+?20|got 100000000000000000000/);
    assert.equal(loadConfig(writeTempConfig({ exchange: '[auth]\ntoken_ttl_hours = 87600\n' }).env).auth.tokenTtlHours, 87_600);
    const checks = configErrorOf(() => loadConfig(writeTempConfig({ exchange: '[auth]\npassword_checks_per_second = 0\npassword_check_burst = 1.5\n' }).env));
    assert.match(checks, /auth\.password_checks_per_second: must be a whole number from 1 to 1,000, got 0/);
    assert.match(checks, /auth\.password_check_burst: must be a whole number from 0 to 100,000, got 1\.5/);
    const classroom = loadConfig(writeTempConfig({ exchange: '[auth]\npassword_checks_per_second = 40\npassword_check_burst = 2000\n' }).env).auth;
    assert.deepEqual([classroom.passwordChecksPerSecond, classroom.passwordCheckBurst], [40, 2000]);
  });

  it('a per-user order limit: defaults, 0 for none, a burst of at least a batch', () => {
    const shipped = loadConfig(writeTempConfig({ exchange: '' }).env).trading;
    assert.deepEqual([shipped.ordersPerSecondPerUser, shipped.orderBurstPerUser], [1_000, 5_000]);
    const off = loadConfig(writeTempConfig({ exchange: '[trading]\norders_per_second_per_user = 0\norder_burst_per_user = 100\n' }).env).trading;
    assert.deepEqual([off.ordersPerSecondPerUser, off.orderBurstPerUser], [0, 100]);
    const bad = configErrorOf(() => loadConfig(writeTempConfig({ exchange: '[trading]\norders_per_second_per_user = -1\norder_burst_per_user = 99\n' }).env));
    assert.match(bad, /trading\.orders_per_second_per_user: must be a whole number from 0 \(no limit\) to 1,000,000, got -1/);
    assert.match(bad, /trading\.order_burst_per_user: must be a whole number from 100 to 1,000,000, got 99/);
  });

  it('an unquoted time is told to be quoted as a time, and an empty bank list to have one', () => {
    const time = configErrorOf(() => loadConfig(writeTempConfig({ exchange: '[exchange]\nsettlement_time = 15:30:00\n' }).env));
    assert.match(time, /exchange\.settlement_time: .*got an unquoted TOML time \(write it as a quoted string, e\.g\. "15:30"\)/);
    const banks = configErrorOf(() => loadConfig(writeTempConfig({ exchange: 'banks = []\n' }).env));
    assert.match(banks, /banks: must be one or more tables \[\[banks\]\], each with id and name, got an empty array/);
  });

  it('bad exchange_id', () => {
    const msg = loadInstruments(instrumentEntry({ exchange_id: '"LME"' }));
    assert.match(msg, /instruments\[0\]\.exchange_id: must be one of SHFE, DCE, CZCE, CFFEX, INE, GFEX, USER/);
  });

  it('instrument_id without the exchange prefix', () => {
    const msg = loadInstruments(instrumentEntry({ instrument_id: '"cu2601"' }));
    assert.match(msg, /instruments\[0\]\.instrument_id: must start with the exchange prefix "SHFE\."/);
  });

  it('pre_settlement off the tick grid', () => {
    const msg = loadInstruments(instrumentEntry({ pre_settlement: '86505' }));
    assert.match(msg, /instruments\[0\]\.pre_settlement: must be a multiple of price_tick 10, got 86505 \(nearest: 86500 or 86510\)/);
  });

  it('pre_settlement on a fractional grid is accepted despite binary rounding', () => {
    const cfg = writeTempConfig({
      instruments: instrumentEntry({ instrument_id: '"CFFEX.T2603"', exchange_id: '"CFFEX"', product_id: '"t"', price_tick: '0.005', pre_settlement: '108.2' }),
    });
    assert.equal(loadConfig(cfg.env).instruments[0]?.preSettlement, 108.2);
  });

  it('range rules of the instrument numbers', () => {
    const msg = loadInstruments(
      instrumentEntry({ price_tick: '0', volume_multiple: '2.5', margin_ratio: '1.5', commission: '-0.1', limit_up_rate: '1' }),
    );
    assert.match(msg, /price_tick: must be a number > 0, got 0/);
    assert.match(msg, /volume_multiple: must be a positive integer, got 2\.5/);
    assert.match(msg, /margin_ratio: must be a number in \(0, 1\], got 1\.5/);
    assert.match(msg, /commission: must be a number >= 0 and < 1 \(rate of notional\), got -0\.1/);
    assert.match(msg, /limit_up_rate: must be a number in \(0, 1\), got 1/);
  });

  it('dates: format, calendar, order, unquoted', () => {
    const msg = loadInstruments(
      instrumentEntry({ instrument_id: '"SHFE.cu2601"', list_date: '"2025/01/16"' }) +
        instrumentEntry({ instrument_id: '"SHFE.cu2602"', list_date: '"2025-02-30"' }) +
        instrumentEntry({ instrument_id: '"SHFE.cu2603"', list_date: '"2025-03-17"', expire_date: '"2025-03-16"' }) +
        instrumentEntry({ instrument_id: '"SHFE.cu2604"', list_date: '2025-04-16' }),
    );
    assert.match(msg, /instruments\[0\]\.list_date: must be a date "YYYY-MM-DD" or "", got string "2025\/01\/16"/);
    assert.match(msg, /instruments\[1\]\.list_date: is not a calendar date, got "2025-02-30"/);
    assert.match(msg, /instruments\[2\]\.expire_date: must not be before list_date/);
    assert.match(msg, /instruments\[3\]\.list_date: .*unquoted TOML date/);
  });

  it('exchange.toml formats: trading_hours, settlement_time, session_mode, timezone', () => {
    const cfg = writeTempConfig({
      exchange: '[exchange]\ntrading_hours = "9:00-15:00"\nsettlement_time = "24:00"\nsession_mode = "auto"\ntimezone = "Mars/Olympus"\n',
    });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.match(msg, /exchange\.trading_hours: must be a time range "HH:MM-HH:MM"/);
    assert.match(msg, /exchange\.settlement_time: must be a time "HH:MM"/);
    assert.match(msg, /exchange\.session_mode: must be "continuous" or "scheduled", got string "auto"/);
    assert.match(msg, /exchange\.timezone: unknown time zone "Mars\/Olympus"/);
  });

  it('an admin username without a password', () => {
    const cfg = writeTempConfig({ exchange: '[auth]\nadmin_username = "root"\n' });
    assert.match(configErrorOf(() => loadConfig(cfg.env)), /auth\.admin_username: is set without its pair/);
    assert.equal(loadConfig({ ...cfg.env, ADMIN_PASSWORD: 'from-env' }).auth.adminPassword, 'from-env');
  });

  it('an admin that could not log in: a password longer than a login takes, a username registration refuses', () => {
    const cfg = writeTempConfig({ exchange: '[auth]\nadmin_username = "root"\nadmin_password = "12345"\n' });
    assert.equal(loadConfig(cfg.env).auth.adminPassword, '12345', 'short: checked when the admin is created, not here');
    const long = configErrorOf(() => loadConfig({ ...cfg.env, ADMIN_PASSWORD: 'x'.repeat(150) }));
    assert.match(long, /ADMIN_PASSWORD: must be at most 128 characters \(what a login takes\), got 150/);
    assert.ok(!long.includes('x'.repeat(20)), 'the password is not echoed');
    assert.match(configErrorOf(() => loadConfig({ ...cfg.env, ADMIN_USERNAME: 'a b', ADMIN_PASSWORD: 'long-enough' })), /ADMIN_USERNAME: username must be 3 to 32 characters/);
    assert.match(configErrorOf(() => loadConfig({ ...cfg.env, ADMIN_USERNAME: 'constructor', ADMIN_PASSWORD: 'long-enough' })), /ADMIN_USERNAME: username "constructor" is a name every JavaScript object already has/);
  });

  it('timer settings longer than a timer can wait (they would fire every millisecond)', () => {
    const cfg = writeTempConfig({ exchange: '[storage]\nsnapshot_every_seconds = 1e9\n[ws]\nheartbeat_timeout = 3000000\n' });
    const msg = configErrorOf(() => loadConfig(cfg.env));
    assert.match(msg, /storage\.snapshot_every_seconds: must be a number of seconds > 0, at most 2,000,000/);
    assert.match(msg, /ws\.heartbeat_timeout: must be a number of seconds > 0, at most 2,000,000/);
  });

  it('LOG_LEVEL must be one of pino\'s levels (checked with the rest, before anything is opened)', () => {
    const cfg = writeTempConfig({});
    assert.match(configErrorOf(() => loadConfig({ ...cfg.env, LOG_LEVEL: 'verbose' })), /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/);
    assert.equal(loadConfig({ ...cfg.env, LOG_LEVEL: 'warn' }).logLevel, 'warn');
    assert.equal(loadConfig(cfg.env).logLevel, 'info');
  });

  it('ADMIN_PASSWORD_RESET is 1 or 0 (true or false) and needs the admin it resets', () => {
    const cfg = writeTempConfig({});
    const admin = { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'long-enough' };
    assert.equal(loadConfig({ ...cfg.env, ...admin, ADMIN_PASSWORD_RESET: '1' }).auth.resetAdminPassword, true);
    assert.equal(loadConfig({ ...cfg.env, ...admin, ADMIN_PASSWORD_RESET: 'false' }).auth.resetAdminPassword, undefined);
    assert.equal(loadConfig({ ...cfg.env, ...admin }).auth.resetAdminPassword, undefined);
    assert.match(configErrorOf(() => loadConfig({ ...cfg.env, ...admin, ADMIN_PASSWORD_RESET: 'yes' })), /ADMIN_PASSWORD_RESET: must be 1 or 0 \(true or false\), got "yes"/);
    assert.match(configErrorOf(() => loadConfig({ ...cfg.env, ADMIN_PASSWORD_RESET: '1' })), /ADMIN_PASSWORD_RESET: needs ADMIN_USERNAME and ADMIN_PASSWORD/);
    const short = configErrorOf(() => loadConfig({ ...cfg.env, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'short', ADMIN_PASSWORD_RESET: '1' }));
    assert.match(short, /ADMIN_PASSWORD: must be at least 6 characters to be set with ADMIN_PASSWORD_RESET, got 5/);
    assert.ok(!/short/.test(short), 'the password is not echoed');
  });

  it('a short JWT_SECRET is refused without echoing it', () => {
    const msg = configErrorOf(() => loadConfig({ ...writeTempConfig({}).env, JWT_SECRET: 'hunter2' }));
    assert.match(msg, /JWT_SECRET: must be at least 32 bytes long/);
    assert.ok(!msg.includes('hunter2'));
  });

  it('collects all problems of all files, one per line', () => {
    const cfg = writeTempConfig({
      exchange: '[server]\nhttp_port = 0\n',
      instruments: instrumentEntry({ price_tick: '-1' }) + instrumentEntry({ instrument_id: '"SHFE.cu2602"', exchange_id: '"XX"' }),
    });
    const err = (() => {
      try {
        loadConfig({ ...cfg.env, WS_PORT: 'x' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(err instanceof ConfigError);
    assert.equal(err.issues.length, 4);
    const lines = err.message.split('\n');
    assert.equal(lines[0], 'Invalid configuration (4 problems):');
    assert.equal(lines.length, 5);
    assert.deepEqual(
      err.issues.map((i) => i.where),
      ['server.http_port', 'instruments[0].price_tick', 'instruments[1].exchange_id', 'WS_PORT'],
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
