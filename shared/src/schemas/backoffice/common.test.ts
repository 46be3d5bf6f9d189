import { EMAIL } from './common';

describe('EMAIL: one plain address', () => {
  it.each([
    'v@x.test',
    'first.last+tag@sub.example.com',
    "o'neil@example.ie",
    'Mixed.Case@Example.COM',
    'a_b-c@x-y.co',
  ])('takes %s', (address) => {
    expect(EMAIL.test(address)).toBe(true);
  });

  // Issue 42: each of these was stored and mailed; the mail software reads another address in
  // them, and the comma form reached two people.
  it.each([
    '(1)v@x.test',
    'x<v@x.test>',
    'V <v@x.test>',
    'a,victim2@x.test',
    'a@x.test,b@x.test',
    'a;b@x.test',
    '"quoted"@x.test',
    'v@x.test\r\nBcc: w@x.test',
    'v@x',
    'v@-x.test',
    'v@x..test',
    'v @x.test',
    '',
  ])('refuses %j', (address) => {
    expect(EMAIL.test(address)).toBe(false);
  });
});
