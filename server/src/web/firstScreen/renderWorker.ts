import { Worker } from 'node:worker_threads';

/**
 * The worker's code: it loads the build and renders on request. A release's code runs here, not in
 * the server's thread: it sees no secret of the server's environment (only NODE_ENV), cannot block
 * the server's event loop, and is bounded in memory; the server stops waiting at its deadline.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let build;
try {
  build = require(workerData.file);
  if (typeof build.renderFirstScreen !== 'function') throw new Error('renderFirstScreen is not exported');
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: String((error && error.message) || error) });
}
parentPort.on('message', ({ id, input }) => {
  try {
    parentPort.postMessage({ id, output: build.renderFirstScreen(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Reply = { id: number; output?: unknown; error?: string };

/** One loaded server build in its worker thread. */
export class RenderWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  readonly ready: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file },
      env: { NODE_ENV: 'production' },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: string }) => {
        if (message.ready === true) resolve();
        else reject(new Error(`cannot load the server build: ${message.error}`));
        this.worker.off('message', onMessage);
        this.worker.on('message', (reply: Reply) => this.pending.get(reply.id)?.(reply));
        this.idle(); // a new 'message' listener refs the worker again
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`the server build's worker stopped (${code})`)));
    });
    this.ready.catch(() => undefined);
    this.worker.on('error', () => this.failAll('the worker failed'));
    this.worker.on('exit', () => this.failAll('the worker stopped'));
  }

  /** Idle, the worker never keeps the server's process alive; while it loads or renders, it does. */
  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private failAll(why: string): void {
    for (const [id, answer] of this.pending) answer({ id, error: why });
  }

  /** The build's answer for `input`, or an error at `deadline` (ms since the epoch). */
  async render(input: unknown, deadline: number): Promise<unknown> {
    const late = (what: string, phase: TimeoutError['phase']) =>
      new Promise<never>((_, reject) => {
        const timer = setTimeout(() => reject(new TimeoutError(what, phase)), Math.max(0, deadline - Date.now()));
        timer.unref();
      });
    await Promise.race([this.ready, late('loading the server build', 'loading')]);
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve) => this.pending.set(id, resolve));
    this.worker.ref();
    this.worker.postMessage({ id, input });
    try {
      const answer = await Promise.race([reply, late('rendering', 'rendering')]);
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.output;
    } finally {
      this.pending.delete(id);
      this.idle();
    }
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Past the page's deadline: while the build still loads (not its fault yet), or while it renders. */
export class TimeoutError extends Error {
  constructor(
    what: string,
    readonly phase: 'loading' | 'rendering',
  ) {
    super(`past the deadline while ${what}`);
  }
}
