import { passwordError, validateNewPassword, validateSignup } from './validation';

describe('auth form validation', () => {
  it.each([
    ['short1!', 'passwordWeak'],
    ['onlyletterslong', 'passwordWeak'],
    ['1234567890123', 'passwordWeak'],
    ['letters-and-dashes', undefined],
    ['hive-demo-2026', undefined],
  ])('password %p -> %p', (pw, expected) => {
    expect(passwordError(pw)).toBe(expected);
  });

  it('refuses the email as password', () => {
    expect(passwordError('a.b@cd.test', 'A.B@cd.test')).toBe('passwordWeak');
  });

  it('validates every signup field', () => {
    expect(validateSignup({ company: ' ', email: 'x', password: 'short', license: 'Gold' })).toEqual({
      company: 'companyRequired',
      email: 'emailInvalid',
      password: 'passwordWeak',
      license: 'licenseRequired',
    });
    expect(
      validateSignup({ company: 'Sun Cafe', email: 'me@sun.test', password: 'sunny-days-42', license: 'Restaurant' }),
    ).toEqual({});
    expect(
      validateSignup({ company: 'x'.repeat(121), email: 'me@sun.test', password: 'sunny-days-42', license: 'Retail' })
        .company,
    ).toBe('companyTooLong');
  });

  it('checks the confirmation of a new password', () => {
    expect(validateNewPassword('sunny-days-42', 'sunny-days-43')).toEqual({ confirm: 'passwordMismatch' });
    expect(validateNewPassword('sunny', 'sunny')).toEqual({ password: 'passwordWeak' });
    expect(validateNewPassword('sunny-days-42', 'sunny-days-42')).toEqual({});
  });
});
