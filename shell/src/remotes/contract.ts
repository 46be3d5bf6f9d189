import { LEGACY_CONTRACT_RANGE, majorOfRange, satisfiesRange } from '@hive/shared/shell-contract';

/**
 * What a remote's build recorded beside its `./App` (tools/webpack/remote-app.mjs): the shell
 * contract range it needs and the ranges of the shared singletons it was built against.
 */
export interface RecordedContract {
  range?: string;
  shared?: Record<string, string>;
}

/** What this shell offers: its contract version and the version of each singleton it provides. */
export interface ShellOffer {
  version: string;
  shared: Record<string, string>;
}

export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: string,
  ) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteIncompatibleError';
  }
}

/**
 * Why the shell must not mount a remote, or null when it may. A remote built before the contract
 * existed records nothing and is taken to need `^1.0.0`. A shared singleton is refused when the remote
 * needs another major than the shell provides: with one copy per page (`singleton`, `loaded-first`)
 * the runtime would only warn and hand it the shell's copy.
 */
export function contractProblem(recorded: RecordedContract | undefined, shell: ShellOffer): string | null {
  const range = typeof recorded?.range === 'string' && recorded.range.trim() ? recorded.range : LEGACY_CONTRACT_RANGE;
  if (!satisfiesRange(range, shell.version)) {
    return `needs shell contract ${range}, this shell is ${shell.version}`;
  }
  for (const [key, wanted] of Object.entries(recorded?.shared ?? {})) {
    const provided = shell.shared[key];
    if (!provided || typeof wanted !== 'string') continue;
    const major = majorOfRange(wanted);
    if (major === null || major !== majorOfRange(provided)) {
      return `needs ${key} ${wanted}, this shell provides ${provided}`;
    }
  }
  return null;
}
