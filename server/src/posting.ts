import { INGEST_STAGES, type IngestStage, type PostingStep } from './modules/receipts';

/*
 * The posting pipeline in one place, read top to bottom (Medusa's complete-cart workflow is the
 * model): what happens to a batch of register events, in order. The receipts run their own stages
 * (receipts/ingest.ts); every other entry is a module's posting step (its `posting.ts`), named here
 * and taken from the module, so the order is this list and not the modules' order. The steps' books
 * are loaded and their checks of each sale run during `plan` in this same order; the first check
 * that refuses a sale rejects the event, and the steps checked before it put their books back.
 *
 * Constraints on the order (test/posting-order.test.ts states each with its reason): the receipts'
 * stages in the ingest's order, the steps between the receipts' rows and the events' outcomes, points
 * before gift cards. Kitchen tickets, stock, roll-ups and the time clock touch disjoint tables and
 * read only the receipts' rows, so their places among the steps are free.
 */

/** A stage the receipts run themselves (the ingest's `steps` stage is where the step entries sit). */
export interface PipelineStage {
  readonly stage: Exclude<IngestStage, 'steps'>;
  readonly does: string;
}

/** A module's posting step, by its module's name and its own. */
export interface PipelineStep {
  readonly step: string;
  readonly module: string;
  readonly does: string;
}

export type PipelineEntry = PipelineStage | PipelineStep;

export const POSTING_PIPELINE: readonly PipelineEntry[] = [
  { stage: 'parse', does: 'each event on its own: its shape and limits, repeats within the batch' },
  {
    stage: 'plan',
    does:
      "reads only, in one transaction under the company's ingest lock: duplicates settled, what the events " +
      "name loaded, each step's book loaded and each sale and refund checked by the steps in their order",
  },
  {
    stage: 'receipt rows',
    does: 'shifts, receipts with their lines, taxes, discounts and payments, cash movements',
  },
  { step: 'kitchen tickets', module: 'devices', does: "print jobs of the batch's recent sales sent to the kitchen" },
  { step: 'stock', module: 'inventory', does: 'ledger entries of the tracked items sold or refunded' },
  { step: 'report roll-ups', module: 'reports', does: "the reports' daily sums of the batch's receipts" },
  { step: 'time clock', module: 'team', does: 'the entries the clock events open or close' },
  { step: 'loyalty points', module: 'rewards', does: 'points earned, redeemed and taken back' },
  { step: 'gift cards', module: 'rewards', does: 'gift card balances paid from or refunded to' },
  { stage: 'event outcomes', does: "each event's outcome, stored with its id so a resent event is a duplicate" },
  { stage: 'commit', does: 'the transaction commits: the batch is stored whole or not at all' },
  {
    stage: 'announce',
    does: "the live topics the batch changed, once each, to the pages that show them (not inside a caller's transaction)",
  },
];

export const isStep = (entry: PipelineEntry): entry is PipelineStep => 'step' in entry;

/** What the pipeline needs of a module: its name and its steps. */
export interface PostingModule {
  readonly name: string;
  readonly postingSteps?: readonly PostingStep[];
}

/**
 * The modules' steps in the pipeline's order. Refuses at start a pipeline out of the ingest's stage
 * order, a step outside the steps' place, a module's step not listed or listed twice, and a listed
 * step no module has: a consequence of a sale silently not posted would leave stock or points wrong.
 */
export function pipelineSteps(
  modules: readonly PostingModule[],
  pipeline: readonly PipelineEntry[] = POSTING_PIPELINE,
): PostingStep[] {
  const stages = pipeline.flatMap((e) => (isStep(e) ? [] : [e.stage]));
  const expected = INGEST_STAGES.filter((s) => s !== 'steps');
  if (stages.join() !== expected.join())
    throw new Error(`posting pipeline: the stages must be ${expected.join(', ')} (not ${stages.join(', ')})`);
  const first = pipeline.findIndex((e) => !isStep(e) && e.stage === 'receipt rows') + 1;
  pipeline.forEach((e, index) => {
    const inPlace = index >= first && pipeline.slice(first, index).every(isStep);
    if (isStep(e) && !inPlace)
      throw new Error(`posting pipeline: ${e.step} must sit among the steps after the receipt rows`);
  });

  const provided = new Map<string, PostingStep>();
  for (const module of modules) {
    for (const step of module.postingSteps ?? []) {
      const key = `${module.name}: ${step.name}`;
      if (provided.has(key)) throw new Error(`posting pipeline: ${key} is declared twice`);
      provided.set(key, step);
    }
  }
  const steps: PostingStep[] = [];
  const listed = new Set<string>();
  for (const entry of pipeline.filter(isStep)) {
    const key = `${entry.module}: ${entry.step}`;
    if (listed.has(key)) throw new Error(`posting pipeline: ${key} is listed twice`);
    const step = provided.get(key);
    if (!step) throw new Error(`posting pipeline: ${key} is listed but no module has it`);
    listed.add(key);
    steps.push(step);
  }
  const missing = [...provided.keys()].filter((key) => !listed.has(key));
  if (missing.length > 0) throw new Error(`posting pipeline: ${missing.join(', ')} not listed in src/posting.ts`);
  return steps;
}
