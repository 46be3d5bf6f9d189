import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MODULES, POSTING_STEPS } from '../src/modules';
import { POSTING_PIPELINE, isStep, pipelineSteps, type PipelineEntry } from '../src/posting';
import type { PostingStep } from '../src/modules/receipts';

/*
 * The posting pipeline's order (src/posting.ts): each constraint below with the reason it holds.
 * What the steps do is their modules' tests'; that they run in the listed order on the whole batch
 * is posting.test.ts's.
 */

const nameOf = (entry: PipelineEntry) => (isStep(entry) ? entry.step : entry.stage);
const position = (name: string) => {
  const index = POSTING_PIPELINE.findIndex((entry) => nameOf(entry) === name);
  assert.ok(index >= 0, `${name} is in the pipeline`);
  return index;
};
const STEPS = POSTING_PIPELINE.filter(isStep).map((s) => s.step);

/** [earlier, later, why]: `earlier` must come before `later`. */
const CONSTRAINTS: readonly (readonly [string, string, string])[] = [
  ['parse', 'plan', 'planning reads what the parsed events name; an unparsable event is rejected alone'],
  [
    'plan',
    'receipt rows',
    'nothing is written until every event of the batch is checked (an event is stored whole or rejected whole)',
  ],
  ...STEPS.map((step) => ['receipt rows', step, `${step} reads the written receipts (their ids and numbers)`] as const),
  [
    'loyalty points',
    'gift cards',
    "a sale whose points and gift card both fail reports its points' error first, and a card's balance " +
      'moves in the book only for a sale every other check passed (gift cards is the last check)',
  ],
  ...STEPS.map((step) => [step, 'event outcomes', `${step} may add to an event's outcome (its points, say)`] as const),
  ['event outcomes', 'commit', 'the stored outcome is what a resent event answers: it is part of the transaction'],
  ...STEPS.map((step) => [step, 'commit', `${step} writes in the batch's transaction: all of it or none`] as const),
  ...STEPS.map(
    (step) =>
      [step, 'announce', `${step} may add a live topic (kitchen tickets: print-jobs) before it is announced`] as const,
  ),
  [
    'commit',
    'announce',
    'a page refetching on the announcement must read the committed batch, and a rolled-back batch announces nothing',
  ],
];

describe('the posting pipeline', () => {
  for (const [earlier, later, why] of CONSTRAINTS) {
    it(`runs ${earlier} before ${later}: ${why}`, () => {
      assert.ok(position(earlier) < position(later), `${earlier} must come before ${later}: ${why}`);
    });
  }

  it('announces the live change as its last stage', () => {
    assert.equal(nameOf(POSTING_PIPELINE.at(-1)!), 'announce');
  });

  it("lists every module's step exactly once, and the root posts with them in the pipeline's order", () => {
    const provided = MODULES.flatMap((m) => (m.postingSteps ?? []).map((s) => `${m.name}: ${s.name}`));
    const listed = POSTING_PIPELINE.filter(isStep).map((s) => `${s.module}: ${s.step}`);
    assert.deepEqual([...listed].sort(), [...provided].sort());
    assert.equal(new Set(listed).size, listed.length);
    assert.deepEqual(
      POSTING_STEPS.map((s) => s.name),
      STEPS,
    );
  });

  describe('refuses at start', () => {
    const step = (name: string): PostingStep => ({ name, async post() {} });
    const modules = [
      { name: 'a', postingSteps: [step('one')] },
      { name: 'b', postingSteps: [step('two')] },
    ];
    const stage = (name: string): PipelineEntry => POSTING_PIPELINE.find((e) => nameOf(e) === name)!;
    const head = ['parse', 'plan', 'receipt rows'].map(stage);
    const tail = ['event outcomes', 'commit', 'announce'].map(stage);
    const entry = (module: string, name: string): PipelineEntry => ({ step: name, module, does: name });

    it('nothing of a valid pipeline', () => {
      const steps = pipelineSteps(modules, [...head, entry('b', 'two'), entry('a', 'one'), ...tail]);
      assert.deepEqual(
        steps.map((s) => s.name),
        ['two', 'one'],
      );
    });
    it("a module's step not listed", () => {
      assert.throws(() => pipelineSteps(modules, [...head, entry('a', 'one'), ...tail]), /b: two not listed/);
    });
    it('a step listed twice', () => {
      const pipeline = [...head, entry('a', 'one'), entry('b', 'two'), entry('a', 'one'), ...tail];
      assert.throws(() => pipelineSteps(modules, pipeline), /a: one is listed twice/);
    });
    it('a step no module has', () => {
      const pipeline = [...head, entry('a', 'one'), entry('b', 'two'), entry('b', 'three'), ...tail];
      assert.throws(() => pipelineSteps(modules, pipeline), /b: three is listed but no module has it/);
    });
    it("the receipts' stages out of the ingest's order", () => {
      const pipeline = [
        ...head,
        entry('a', 'one'),
        entry('b', 'two'),
        stage('event outcomes'),
        stage('announce'),
        stage('commit'),
      ];
      assert.throws(() => pipelineSteps(modules, pipeline), /the stages must be/);
    });
    it("a step outside the steps' place", () => {
      const pipeline = [
        ...head,
        entry('a', 'one'),
        stage('event outcomes'),
        entry('b', 'two'),
        stage('commit'),
        stage('announce'),
      ];
      assert.throws(() => pipelineSteps(modules, pipeline), /two must sit among the steps/);
    });
  });
});
