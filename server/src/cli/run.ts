import { ConfigError } from '../platform/config';

/**
 * Runs a command-line task: its message on stdout and exit 0, or one line on stderr and exit 1
 * (a ConfigError's message as it is: it already says what to do).
 */
export function runCommand(name: string, task: () => Promise<string>): void {
  task().then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(
        error instanceof ConfigError
          ? error.message
          : `${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
