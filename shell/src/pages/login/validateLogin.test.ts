import { validateLogin } from './validateLogin';

describe('validateLogin', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'emailRequired', password: 'passwordRequired' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'emailRequired' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'emailInvalid' }],
    [{ email: 'a@b', password: 'x' }, { email: 'emailInvalid' }],
    [{ email: ' owner@cornermarket.test ', password: 'x' }, {}],
  ])('%p -> %p', (input, expected) => {
    expect(validateLogin(input)).toEqual(expected);
  });
});
