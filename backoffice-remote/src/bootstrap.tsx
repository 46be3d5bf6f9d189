// The only file of this remote allowed to import the shell: it reuses the shell's public library
// to run the area standalone with the real session, store and HTTP client.
import { startShell } from 'shell/lib';
import App from './App';

startShell({ localAreas: { backoffice: App } });
