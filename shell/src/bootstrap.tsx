import { startShell } from './lib';

startShell();
