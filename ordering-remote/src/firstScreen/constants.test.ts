import { FIRST_SCREEN_ID as SHARED } from '@hive/shared/config';
import { FIRST_SCREEN_ID } from './constants';

it('is the id the server and the shell know the first screen by', () => {
  expect(FIRST_SCREEN_ID).toBe(SHARED);
});
