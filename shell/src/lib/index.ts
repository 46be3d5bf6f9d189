// The shell's public library: what a remote's standalone entry uses to run as its own host.
export { startShell, type StartShellOptions } from './startShell';
