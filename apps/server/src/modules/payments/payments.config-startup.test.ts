/**
 * What an operator sees of the payments configuration when the server starts (payments.config.ts, loaded by
 * config.ts): the one line a wrong setting or a broken payments.json stops the start with, which file entries are
 * taken as they are, when the demo payment simulator runs and where, the simulator secret generated once into
 * DATA_DIR (owner-only), and which accounts a place then pays with. No database: this is the start, before one.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { StartupError } from '../../lib/startup-error.ts';
import {
  loadPaymentsConfig,
  placePaymentConfig,
  simulatorAccounts,
  storedAccountUrls,
  type PaymentsConfig,
} from './payments.config.ts';

const root = mkdtempSync(join(tmpdir(), 'trapeza-pay-config-'));
let n = 0;
/** A fresh DATA_DIR. */
const dataDir = () => {
  const dir = join(root, `d${++n}`);
  mkdirSync(dir);
  return dir;
};

/** A valid entry of every provider; `invoiceTtlMinutes` at its default. */
const ENTRY = {
  epay: {
    min: '1234567890',
    secret: 'file-secret-123',
    baseUrl: 'https://demo.epay.bg/',
    page: 'credit_paydirect',
    lang: 'en',
  },
  oneTouch: {
    appId: 'app-123',
    secret: 'onetouch-secret',
    apiBase: 'https://demo.epay.bg/xdev/api',
    webBase: 'https://demo.epay.bg/xdev/mobile',
    kin: '8765432101',
  },
  redsys: {
    merchantCode: '999008881',
    terminal: '001',
    key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
    url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  },
  invoiceTtlMinutes: 60,
};

/** Loads payments.json holding `places` from a fresh DATA_DIR, outside demo mode. */
function loadFile(places: unknown, nodeEnv: 'production' | 'development' = 'production') {
  const dir = dataDir();
  const file = join(dir, 'payments.json');
  writeFileSync(file, JSON.stringify({ places }));
  return { file, config: () => loadPaymentsConfig({}, dir, nodeEnv) };
}

/** The message a start stops with (a StartupError), or null when it starts. */
function refusal(load: () => unknown): string | null {
  try {
    load();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError);
    return (err as Error).message;
  }
}

describe('payments.json', () => {
  test('an entry of every provider is taken as written, its optional fields too', () => {
    const { config } = loadFile({ 'demo/bistro': ENTRY, 'demo/hotel': { invoiceTtlMinutes: 43200 } });
    const c = config();
    expect(c.places).toEqual({ 'demo/bistro': ENTRY, 'demo/hotel': { invoiceTtlMinutes: 43200 } });
    expect(placePaymentConfig(c, 'demo', 'bistro')).toEqual(ENTRY);
    expect(placePaymentConfig(c, 'demo', 'nowhere')).toBeNull();
    for (const variant of [
      { epay: { ...ENTRY.epay, min: '7', page: 'paylogin', lang: 'bg' } },
      { redsys: { ...ENTRY.redsys, merchantCode: '5', terminal: '1' } },
      { oneTouch: { ...ENTRY.oneTouch, appId: 'a', kin: '1' } },
      { invoiceTtlMinutes: 5 },
    ]) {
      expect(loadFile({ 'demo/bistro': variant }).config().places['demo/bistro']).toEqual(variant);
    }
  });

  test('each wrong field stops the start with the file, the field and what is wrong', () => {
    const wrong: [unknown, string][] = [
      [
        { 'demo/bistro': { epay: { ...ENTRY.epay, min: 'x123' } } },
        'places.demo/bistro.epay.min MIN must be digits',
      ],
      [
        { 'demo/bistro': { epay: { ...ENTRY.epay, min: '123x' } } },
        'places.demo/bistro.epay.min MIN must be digits',
      ],
      [{ 'demo/bistro': { epay: { ...ENTRY.epay, page: 'other' } } }, 'places.demo/bistro.epay.page'],
      [{ 'demo/bistro': { epay: { ...ENTRY.epay, lang: 'de' } } }, 'places.demo/bistro.epay.lang'],
      [{ 'demo/bistro': { epay: { ...ENTRY.epay, secret: 'short' } } }, 'places.demo/bistro.epay.secret'],
      [
        { 'demo/bistro': { redsys: { ...ENTRY.redsys, merchantCode: 'x123' } } },
        'places.demo/bistro.redsys.merchantCode',
      ],
      [
        { 'demo/bistro': { redsys: { ...ENTRY.redsys, merchantCode: '123x' } } },
        'places.demo/bistro.redsys.merchantCode',
      ],
      [
        { 'demo/bistro': { redsys: { ...ENTRY.redsys, terminal: 'x12' } } },
        'places.demo/bistro.redsys.terminal',
      ],
      [
        { 'demo/bistro': { redsys: { ...ENTRY.redsys, terminal: '12x' } } },
        'places.demo/bistro.redsys.terminal',
      ],
      [
        { 'demo/bistro': { redsys: { ...ENTRY.redsys, key: Buffer.alloc(16, 1).toString('base64') } } },
        'places.demo/bistro.redsys.key key must be 24 bytes in base64',
      ],
      [
        { 'demo/bistro': { oneTouch: { ...ENTRY.oneTouch, appId: '' } } },
        'places.demo/bistro.oneTouch.appId',
      ],
      [{ 'demo/bistro': { oneTouch: { ...ENTRY.oneTouch, kin: '' } } }, 'places.demo/bistro.oneTouch.kin'],
      [{ 'demo/bistro': { invoiceTtlMinutes: 4 } }, 'places.demo/bistro.invoiceTtlMinutes'],
      [{ 'demo/bistro': { invoiceTtlMinutes: 43201 } }, 'places.demo/bistro.invoiceTtlMinutes'],
      [{ 'demo/bistro/x': {} }, 'places.demo/bistro/x'],
      [{ 'x/demo/bistro': {} }, 'places.x/demo/bistro'],
    ];
    for (const [places, expected] of wrong) {
      const { file, config } = loadFile(places);
      const message = refusal(config);
      expect(message, expected).toMatch(new RegExp(`^invalid payments config ${file}: `));
      expect(message, expected).toContain(`${file}: ${expected}`);
    }
    const { file, config } = loadFile({ 'demo/bistro': { epay: { ...ENTRY.epay, min: 'x' } } });
    expect(refusal(config)).toBe(
      `invalid payments config ${file}: places.demo/bistro.epay.min MIN must be digits`,
    );
  });

  test('a file that is no JSON, or named and missing, stops the start; none at all is no payments', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'payments.json'), '{ "places": ');
    expect(refusal(() => loadPaymentsConfig({}, dir, 'production'))).toMatch(
      new RegExp(`^cannot read payments config ${join(dir, 'payments.json')}: \\S`),
    );
    expect(
      refusal(() => loadPaymentsConfig({ PAYMENTS_CONFIG_FILE: 'conf/pay.json' }, dir, 'production', root)),
    ).toBe(`payments config ${join(root, 'conf/pay.json')} does not exist`);
    // A relative name is found from the working directory, an absolute one as it is.
    writeFileSync(join(dir, 'named.json'), JSON.stringify({ places: { 'demo/bistro': ENTRY } }));
    const relative = loadPaymentsConfig({ PAYMENTS_CONFIG_FILE: 'named.json' }, dataDir(), 'production', dir);
    expect(relative.places).toEqual({ 'demo/bistro': ENTRY });
    const absolute = loadPaymentsConfig(
      { PAYMENTS_CONFIG_FILE: join(dir, 'named.json') },
      dataDir(),
      'production',
      root,
    );
    expect(absolute.places).toEqual({ 'demo/bistro': ENTRY });
    const none = loadPaymentsConfig({}, dataDir(), 'production');
    expect(none).toEqual({
      places: {},
      simulatorUrl: null,
      simulatorSecret: null,
      startSimulator: false,
      simulatorPort: 3999,
    });
  });
});

describe('the environment', () => {
  test('a wrong payments setting stops the start naming it', () => {
    const dir = dataDir();
    expect(
      refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR_SECRET: 'x'.repeat(31) }, dir, 'development')),
    ).toBe('invalid configuration: PAYMENT_SIMULATOR_SECRET must be at least 32 characters');
    expect(refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR: 'yes' }, dir, 'development'))).toMatch(
      /^invalid configuration: PAYMENT_SIMULATOR \S/,
    );
    expect(
      refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR_URL: 'not a url' }, dir, 'development')),
    ).toMatch(/^invalid configuration: PAYMENT_SIMULATOR_URL \S/);
    for (const port of ['0', '65536']) {
      expect(refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR_PORT: port }, dir, 'development'))).toMatch(
        /^invalid configuration: PAYMENT_SIMULATOR_PORT \S/,
      );
    }
  });

  test('outside demo mode the simulator may not be asked for', () => {
    const message =
      'invalid configuration: the payment provider simulator (PAYMENT_SIMULATOR / PAYMENT_SIMULATOR_URL) runs only ' +
      'in demo mode: set DEMO=1, or configure real payment accounts in payments.json';
    const dir = dataDir();
    expect(refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR: '1' }, dir, 'production'))).toBe(message);
    expect(
      refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR_URL: 'http://sim.test' }, dir, 'production')),
    ).toBe(message);
    expect(
      refusal(() => loadPaymentsConfig({ PAYMENT_SIMULATOR: '1' }, dir, 'development', root, false)),
    ).toBe(message);
    // Off is fine anywhere; production in demo mode (DEMO=1) may run it.
    expect(loadPaymentsConfig({ PAYMENT_SIMULATOR: '0' }, dir, 'production').simulatorUrl).toBeNull();
    const demo = loadPaymentsConfig(
      { PAYMENT_SIMULATOR: '1', PAYMENT_SIMULATOR_PORT: '4100' },
      dir,
      'production',
      root,
      true,
    );
    expect(demo).toMatchObject({
      simulatorUrl: 'http://localhost:4100',
      startSimulator: true,
      simulatorPort: 4100,
    });
  });

  test('the simulator: on by default in development only, at its port, or the URL given (not started then)', () => {
    const secret = 's'.repeat(40);
    const dev = loadPaymentsConfig({ PAYMENT_SIMULATOR_SECRET: secret }, dataDir(), 'development');
    expect(dev).toMatchObject({
      simulatorUrl: 'http://localhost:3999',
      simulatorSecret: secret,
      startSimulator: true,
      simulatorPort: 3999,
    });
    const test = loadPaymentsConfig({ PAYMENT_SIMULATOR_SECRET: secret }, dataDir(), 'test');
    expect(test).toMatchObject({ simulatorUrl: null, simulatorSecret: null, startSimulator: false });
    const off = loadPaymentsConfig({ PAYMENT_SIMULATOR: '0' }, dataDir(), 'development');
    expect(off).toMatchObject({ simulatorUrl: null, startSimulator: false });
    const on = loadPaymentsConfig(
      { PAYMENT_SIMULATOR: '1', PAYMENT_SIMULATOR_PORT: '4001' },
      dataDir(),
      'test',
    );
    expect(on).toMatchObject({
      simulatorUrl: 'http://localhost:4001',
      startSimulator: true,
      simulatorPort: 4001,
    });
    const elsewhere = loadPaymentsConfig(
      {
        PAYMENT_SIMULATOR: '1',
        PAYMENT_SIMULATOR_URL: 'http://sim.test:5000//',
        PAYMENT_SIMULATOR_SECRET: secret,
      },
      dataDir(),
      'development',
    );
    expect(elsewhere).toMatchObject({ simulatorUrl: 'http://sim.test:5000', startSimulator: false });
    const urlOnly = loadPaymentsConfig({ PAYMENT_SIMULATOR_URL: 'http://sim.test:5000' }, dataDir(), 'test');
    expect(urlOnly).toMatchObject({ simulatorUrl: 'http://sim.test:5000', startSimulator: false });
    expect(urlOnly.simulatorSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });
});

describe('the simulator secret in DATA_DIR', () => {
  const load = (dir: string) =>
    loadPaymentsConfig({ PAYMENT_SIMULATOR: '1' }, dir, 'development').simulatorSecret;
  const file = (dir: string) => join(dir, 'payment-simulator-secret');
  const mode = (dir: string) => statSync(file(dir)).mode & 0o777;

  test('generated once (random, owner-only), then read back', () => {
    const dir = dataDir();
    const secret = load(dir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(readFileSync(file(dir), 'utf8')).toBe(`${secret}\n`);
    expect(mode(dir)).toBe(0o600);
    expect(load(dir)).toBe(secret);
    expect(load(dataDir())).not.toBe(secret);
  });

  test('one written by hand is used trimmed from 32 characters on; a shorter one is replaced, owner-only', () => {
    const dir = dataDir();
    const own = 'k'.repeat(32);
    writeFileSync(file(dir), `  ${own}\n\n`);
    expect(load(dir)).toBe(own);
    const short = dataDir();
    writeFileSync(file(short), `${'k'.repeat(31)}\n`);
    chmodSync(file(short), 0o644);
    const replaced = load(short);
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(readFileSync(file(short), 'utf8')).toBe(`${replaced}\n`);
    expect(mode(short)).toBe(0o600);
  });

  test('PAYMENT_SIMULATOR_SECRET wins over the file; a DATA_DIR it cannot write stops the start', () => {
    const dir = dataDir();
    const given = 'g'.repeat(32);
    expect(
      loadPaymentsConfig({ PAYMENT_SIMULATOR: '1', PAYMENT_SIMULATOR_SECRET: given }, dir, 'development')
        .simulatorSecret,
    ).toBe(given);
    const missing = join(root, 'no-such-dir');
    expect(refusal(() => load(missing))).toMatch(
      new RegExp(`^cannot read or write the payment simulator secret in ${missing}: \\S`),
    );
  });
});

describe('which accounts a place pays with', () => {
  const SECRET = 'trapeza-test-simulator-secret-0123456789';

  test('the simulator accounts of a place: fixed by the place and the secret, at the simulator', () => {
    // The simulator derives the same from the same secret: a change here breaks every demo payment.
    expect(simulatorAccounts('demo/bistro', 'http://sim.test:4000//', SECRET)).toEqual({
      epay: {
        min: '5545615623',
        secret: '93483bb6d19d1aa28e5ea1ca69f7dd58',
        baseUrl: 'http://sim.test:4000/epay/',
      },
      oneTouch: {
        appId: 'sim-19707621',
        secret: '710c65ab17756dde8b11af4a8622a5ca',
        apiBase: 'http://sim.test:4000/xdev/api',
        webBase: 'http://sim.test:4000/xdev/mobile',
        kin: '9332920168',
      },
      redsys: {
        merchantCode: '285482931',
        terminal: '1',
        key: 'ypufNPNqIABvPLN1OpmV3DKlUNjv/BDB',
        url: 'http://sim.test:4000/sis/realizarPago',
      },
    });
    expect(simulatorAccounts('demo/hotel', 'http://sim.test:4000/', SECRET).redsys).toEqual({
      merchantCode: '645301271',
      terminal: '1',
      key: 'ZKBHI9hXphfhBYTE2vfWPEBujKMooKIr',
      url: 'http://sim.test:4000/sis/realizarPago',
    });
  });

  test('a file entry wins over the simulator; without both URL and secret there is none', () => {
    const withSim: PaymentsConfig = {
      places: { 'demo/bistro': { redsys: ENTRY.redsys } },
      simulatorUrl: 'http://sim.test:4000',
      simulatorSecret: SECRET,
      startSimulator: false,
      simulatorPort: 3999,
    };
    expect(placePaymentConfig(withSim, 'demo', 'bistro')).toEqual({ redsys: ENTRY.redsys });
    expect(placePaymentConfig(withSim, 'demo', 'hotel')).toEqual(
      simulatorAccounts('demo/hotel', 'http://sim.test:4000', SECRET),
    );
    expect(placePaymentConfig({ ...withSim, simulatorSecret: null }, 'demo', 'hotel')).toBeNull();
    expect(placePaymentConfig({ ...withSim, simulatorUrl: null }, 'demo', 'hotel')).toBeNull();
  });

  test("the accounts a venue enters are used at the simulator in demo mode, else at the providers' addresses", () => {
    expect(storedAccountUrls({ simulatorUrl: 'http://sim.test:4000//' })).toEqual({
      epayBase: 'http://sim.test:4000/epay/',
      oneTouchApi: 'http://sim.test:4000/xdev/api',
      oneTouchWeb: 'http://sim.test:4000/xdev/mobile',
      redsysUrl: 'http://sim.test:4000/sis/realizarPago',
    });
    expect(storedAccountUrls({ simulatorUrl: null })).toEqual({
      epayBase: 'https://www.epay.bg/',
      oneTouchApi: 'https://www.epay.bg/xdev/api',
      oneTouchWeb: 'https://www.epay.bg/xdev/mobile',
      redsysUrl: 'https://sis.redsys.es/sis/realizarPago',
    });
  });
});
