/**
 * Every worked vector of shared/reference/payments.md, byte for byte, plus the protocol details around them
 * (notification parsing and replies, Redsys notification with a base64url signature).
 */
import { describe, expect, test } from 'vitest';
import {
  EpayWebCheckout,
  epayChecksum,
  epayChecksumMatches,
  epayEncode,
  epayExpTime,
  formatEpayChecksumError,
  formatEpayReply,
  parseEpayNotification,
} from './epay-web.ts';
import { EpayOneTouch, oneTouchAppCheck, oneTouchRequestData } from './epay-one-touch.ts';
import {
  RedsysRedirect,
  redsysDecodeParameters,
  redsysEncodeParameters,
  redsysOrderKey,
  redsysResponseIsSuccess,
  redsysSign,
} from './redsys.ts';
import { formatAmount, renderCheckoutForm } from './provider.ts';

describe('payments.md §1 ePay web checkout vectors', () => {
  const secret = 'some-secret';
  const data =
    'MIN=1234\nINVOICE=00001\nAMOUNT=33.23\nCURRENCY=BGN\nEXP_TIME=01.08.2020 23:15:30\nDESCR=some-description\nENCODING=utf-8';
  const ENCODED =
    'TUlOPTEyMzQKSU5WT0lDRT0wMDAwMQpBTU9VTlQ9MzMuMjMKQ1VSUkVOQ1k9QkdOCkVYUF9USU1FPTAxLjA4LjIwMjAgMjM6MTU6MzAKREVTQ1I9c29tZS1kZXNjcmlwdGlvbgpFTkNPRElORz11dGYtOA==';

  test('HMAC-SHA1(some-secret, test-message)', () => {
    expect(epayChecksum(secret, 'test-message')).toBe('33ca6a84fc0b06a9506b79147faad49b53149657');
  });

  test('ENCODED of the worked data', () => {
    const lines = data.split('\n').map((l) => {
      const i = l.indexOf('=');
      return [l.slice(0, i), l.slice(i + 1)] as const;
    });
    expect(epayEncode(lines)).toBe(ENCODED);
  });

  test('CHECKSUM of the worked ENCODED', () => {
    expect(epayChecksum(secret, ENCODED)).toBe('9d09db1b61bfd7947ed390d6464ca7953d0bf3f2');
  });

  test('the checkout builder produces the worked ENCODED and CHECKSUM', () => {
    const epay = new EpayWebCheckout({ min: '1234', secret, baseUrl: 'https://demo.epay.bg/' });
    // 01.08.2020 23:15:30 Sofia summer time = 20:15:30 UTC
    const form = epay.buildCheckout({
      invoice: '00001',
      amount: 3323,
      currency: 'BGN',
      description: 'some-description',
      okUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cancel',
      notifyUrl: 'https://shop.example/notify',
      expiresAt: new Date('2020-08-01T20:15:30Z'),
    });
    expect(form.action).toBe('https://demo.epay.bg/');
    expect(form.fields).toEqual({
      PAGE: 'paylogin',
      ENCODED,
      CHECKSUM: '9d09db1b61bfd7947ed390d6464ca7953d0bf3f2',
      URL_OK: 'https://shop.example/ok',
      URL_CANCEL: 'https://shop.example/cancel',
    });
    expect(new URL(form.link!).searchParams.get('ENCODED')).toBe(ENCODED);
  });

  test('notification vector: checksum of the PAID line', () => {
    const encoded = Buffer.from(
      'INVOICE=00001:STATUS=PAID:PAY_TIME=20200801121530:STAN=123456:BCODE=ABC123\n',
    ).toString('base64');
    expect(epayChecksum(secret, encoded)).toBe('d07bacd8c2b206d637b112835c76fe2fe098fdea');
    expect(epayChecksumMatches(secret, encoded, 'd07bacd8c2b206d637b112835c76fe2fe098fdea')).toBe(true);
    expect(epayChecksumMatches(secret, encoded, 'D07BACD8C2B206D637B112835C76FE2FE098FDEA')).toBe(true);
    expect(epayChecksumMatches(secret, encoded, 'd07bacd8c2b206d637b112835c76fe2fe098fdeb')).toBe(false);
    expect(epayChecksumMatches(secret, encoded, 'zz')).toBe(false);
    expect(epayChecksumMatches(secret, encoded, '')).toBe(false);
    const verified = new EpayWebCheckout({ min: '1234', secret, baseUrl: 'x' }).verifyNotification({
      encoded,
      checksum: 'd07bacd8c2b206d637b112835c76fe2fe098fdea',
    });
    expect(verified).toEqual({
      ok: true,
      events: [
        {
          invoice: '00001',
          status: 'PAID',
          outcome: 'paid',
          transaction: { PAY_TIME: '20200801121530', STAN: '123456', BCODE: 'ABC123' },
          raw: 'INVOICE=00001:STATUS=PAID:PAY_TIME=20200801121530:STAN=123456:BCODE=ABC123',
        },
      ],
    });
  });

  test('multi-invoice bodies, discount suffix and malformed lines', () => {
    const lines = parseEpayNotification(
      [
        'INVOICE=123456:STATUS=PAID:PAY_TIME=20200801121530:STAN=123456:BCODE=ABC123',
        'INVOICE=123457:STATUS=DENIED',
        'INVOICE=123458:STATUS=EXPIRED',
        'INVOICE=123459:STATUS=PAID:PAY_TIME=20200801121530:STAN=1:BCODE=X1:AMOUNT=20.00:BIN=411111',
        'INVOICE=123460:STATUS=MAYBE',
        '',
      ].join('\n'),
    );
    expect(lines.map((l) => (l.ok ? [l.event.invoice, l.event.outcome] : ['bad', l.invoice]))).toEqual([
      ['123456', 'paid'],
      ['123457', 'denied'],
      ['123458', 'expired'],
      ['123459', 'paid'],
      ['bad', '123460'],
    ]);
    expect(lines[3]!.ok && lines[3]!.event.transaction).toMatchObject({ AMOUNT: '20.00', BIN: '411111' });
  });

  test('reply formats', () => {
    expect(
      formatEpayReply([
        { invoice: '123456', status: 'OK' },
        { invoice: '123457', status: 'ERR' },
        { invoice: '123458', status: 'NO' },
      ]),
    ).toBe('INVOICE=123456:STATUS=OK\nINVOICE=123457:STATUS=ERR\nINVOICE=123458:STATUS=NO\n');
    expect(formatEpayChecksumError()).toBe('ERR=Not valid CHECKSUM\n');
  });

  test('EXP_TIME in Sofia time, AMOUNT with two decimals', () => {
    expect(epayExpTime(new Date('2020-01-05T22:05:09Z'))).toBe('06.01.2020 00:05:09');
    expect(formatAmount(2280)).toBe('22.80');
    expect(formatAmount(5)).toBe('0.05');
  });

  test('DESCR stays on one line and within 100 characters; invoices are digits', () => {
    const epay = new EpayWebCheckout({ min: '1', secret, baseUrl: 'https://x/' });
    const base = {
      invoice: '42',
      amount: 100,
      currency: 'EUR',
      okUrl: 'a',
      cancelUrl: 'b',
      notifyUrl: 'c',
      expiresAt: new Date(0),
    };
    const lines = epay.dataLines({ ...base, description: `a\nINVOICE=1${'x'.repeat(200)}` });
    expect(lines.find(([k]) => k === 'DESCR')![1]).toHaveLength(100);
    expect(lines.find(([k]) => k === 'DESCR')![1]).not.toContain('\n');
    expect(() => epay.dataLines({ ...base, invoice: '12a', description: '' })).toThrow();
    expect(() => epay.dataLines({ ...base, amount: 1, description: '' })).toThrow();
  });
});

describe('payments.md §2 One Touch APPCHECK vector', () => {
  const params = {
    REASON: 'fee',
    AMOUNT: '2280',
    APPID: 'app1',
    DEVICEID: 'dev1',
    ID: 'order-1',
    RCPT: '8888',
    RCPT_TYPE: 'KIN',
    DESCRIPTION: 'Test',
  };

  test('request data: sorted NAMEvalue lines, each ending in \\n', () => {
    expect(oneTouchRequestData(params)).toBe(
      'AMOUNT2280\nAPPIDapp1\nDESCRIPTIONTest\nDEVICEIDdev1\nIDorder-1\nRCPT8888\nRCPT_TYPEKIN\nREASONfee\n',
    );
  });

  test('APPCHECK with secret testsecret', () => {
    expect(oneTouchAppCheck('testsecret', params)).toBe('b574cf08a45152cd95481fae86f7e283f29a878d');
    const client = new EpayOneTouch({
      appId: 'app1',
      secret: 'testsecret',
      apiBase: 'https://demo.epay.bg/xdev/api',
      webBase: 'https://demo.epay.bg/xdev/mobile',
      kin: '8888',
    });
    const { APPID: _a, ...rest } = params;
    expect(client.sign(rest).APPCHECK).toBe('b574cf08a45152cd95481fae86f7e283f29a878d');
  });

  test('noreg/send address carries SAVECARD=1 and a checksum over the sorted fields', () => {
    const client = new EpayOneTouch({
      appId: 'app1',
      secret: 'testsecret',
      apiBase: 'https://demo.epay.bg/xdev/api',
      webBase: 'https://demo.epay.bg/xdev/mobile',
      kin: '8888',
    });
    const url = new URL(
      client.noRegSendUrl({
        deviceId: 'dev1',
        id: 'order-1',
        amount: 2280,
        description: 'Test',
        reason: 'fee',
        saveCard: true,
      }),
    );
    expect(url.pathname).toBe('/xdev/mobile/api/payment/noreg/send');
    expect(url.searchParams.get('SAVECARD')).toBe('1');
    const fields = Object.fromEntries(url.searchParams);
    const { CHECKSUM, ...signed } = fields;
    expect(CHECKSUM).toBe(oneTouchAppCheck('testsecret', signed));
  });
});

describe('payments.md §3 Redsys vectors (redsys-easy fixtures)', () => {
  const key = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
  const request = {
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_ORDER: '0726qI3H7sZx',
    DS_MERCHANT_MERCHANTCODE: '999008881',
    DS_MERCHANT_TERMINAL: '1',
    DS_MERCHANT_AMOUNT: '4999',
    DS_MERCHANT_CURRENCY: '978',
    DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
    DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
    DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
  };
  const serialized =
    'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=';

  test('3DES order key', () => {
    expect(redsysOrderKey(key, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
  });

  test('Ds_MerchantParameters and Ds_Signature', () => {
    expect(redsysEncodeParameters(request)).toBe(serialized);
    expect(redsysSign(key, '0726qI3H7sZx', serialized)).toBe('TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=');
  });

  test('notification with a base64url signature verifies on the decoded bytes', () => {
    const redsys = new RedsysRedirect({ merchantCode: '999008881', terminal: '1', key, url: 'x' });
    const notification = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters:
        'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
      Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
    };
    const verified = redsys.verifyNotification(notification);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.events[0]).toMatchObject({
      invoice: '0726qI3H7sZx',
      outcome: 'paid',
      transaction: {
        Ds_Response: '0000',
        Ds_AuthorisationCode: '052029',
        Ds_Date: '22/10/2021',
        Ds_Hour: '22:51',
      },
    });
    // One changed signature byte, or the standard-alphabet signature of other parameters, fails.
    expect(
      redsys.verifyNotification({
        ...notification,
        Ds_Signature: '62nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
      }).ok,
    ).toBe(false);
    expect(redsysDecodeParameters(notification.Ds_MerchantParameters).Ds_Date).toBe('22/10/2021');
  });

  test('builder: Bizum form with PAYMETHODS z, signed', () => {
    const redsys = new RedsysRedirect({
      merchantCode: '999008881',
      terminal: '1',
      key,
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    });
    const form = redsys.buildCheckout({
      invoice: '1234567890',
      amount: 2280,
      currency: 'EUR',
      description: 'x',
      okUrl: 'https://shop/ok',
      cancelUrl: 'https://shop/ko',
      notifyUrl: 'https://shop/notify',
      expiresAt: new Date(),
      payMethods: 'z',
    });
    const params = redsysDecodeParameters(form.fields.Ds_MerchantParameters!);
    expect(params).toMatchObject({
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_AMOUNT: '2280',
      DS_MERCHANT_CURRENCY: '978',
    });
    expect(form.fields.Ds_Signature).toBe(redsysSign(key, '1234567890', form.fields.Ds_MerchantParameters!));
    expect(renderCheckoutForm({ ...form })).toContain(
      'action="https://sis-t.redsys.es:25443/sis/realizarPago"',
    );
  });

  test.each([
    ['0000', true],
    ['0099', true],
    ['99', true],
    ['0100', false],
    ['0190', false],
    ['9915', false],
    ['', false],
    ['abc', false],
  ])('Ds_Response %s success=%s', (code, ok) => {
    expect(redsysResponseIsSuccess(code)).toBe(ok);
  });
});
