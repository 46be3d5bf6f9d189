import { checkModifierChoice, choiceRule, chosenModifiers, describeChoiceRule } from './modifierRules';
import { createModifierGroupSchema } from './catalog';

const milk = {
  id: 1,
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  modifiers: [
    { id: 11, name: 'Whole', priceCents: 0 },
    { id: 12, name: 'Oat', priceCents: 50 },
  ],
};
const extras = {
  id: 2,
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  modifiers: [
    { id: 21, name: 'Shot', priceCents: 80 },
    { id: 22, name: 'Syrup', priceCents: 40 },
    { id: 23, name: 'Cream', priceCents: 30 },
  ],
};

describe('checkModifierChoice', () => {
  it.each([
    ['nothing for an item without groups', [], [], []],
    ['a required choice', [milk], [12], []],
    ['a required group left empty', [milk], [], [{ kind: 'count', groupId: 1, chosen: 0 }]],
    ['two of a one-choice group', [milk], [11, 12], [{ kind: 'count', groupId: 1, chosen: 2 }]],
    ['an optional group left empty', [milk, extras], [11], []],
    ['up to the maximum', [milk, extras], [11, 21, 23], []],
    ['over the maximum', [milk, extras], [11, 21, 22, 23], [{ kind: 'count', groupId: 2, chosen: 3 }]],
    ['a modifier of another item', [extras], [11], [{ kind: 'unknown', modifierId: 11 }]],
    ['the same modifier twice', [extras], [21, 21], [{ kind: 'repeated', modifierId: 21 }]],
  ])('%s', (_name, groups, ids, problems) => {
    expect(checkModifierChoice(groups, ids)).toEqual(problems);
  });

  it('lists the chosen modifiers in the order of the groups, whatever order they were chosen in', () => {
    expect(chosenModifiers([milk, extras], [23, 12, 21]).map((m) => m.name)).toEqual(['Oat', 'Shot', 'Cream']);
  });

  it('words the rule of a group', () => {
    expect(choiceRule(milk)).toEqual({ kind: 'exactly', count: 1 });
    expect(describeChoiceRule(milk)).toBe('choose 1');
    expect(describeChoiceRule(extras)).toBe('choose up to 2');
    expect(describeChoiceRule({ minChoices: 1, maxChoices: 3 })).toBe('choose 1 to 3');
  });
});

describe('createModifierGroupSchema', () => {
  const schema = createModifierGroupSchema();
  const valid = {
    name: 'Milk',
    minChoices: 1,
    maxChoices: 1,
    modifiers: [
      { id: null, name: 'Whole', price: 0 },
      { id: null, name: 'Oat', price: 0.5 },
    ],
    itemIds: [3],
  };
  const problems = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a group', () => {
    expect(problems(valid)).toEqual({});
  });

  it('names the field of each problem', () => {
    expect(problems({ ...valid, maxChoices: 0 })).toEqual({ maxChoices: 'must be at least 1' });
    expect(problems({ ...valid, minChoices: 2, maxChoices: 1 })).toEqual({ maxChoices: 'must be at least 2' });
    expect(problems({ ...valid, maxChoices: 3 })).toEqual({ maxChoices: 'must be at most 2' });
    expect(problems({ ...valid, modifiers: [] })).toMatchObject({ modifiers: 'this field is required' });
    expect(problems({ ...valid, modifiers: [valid.modifiers[0], { id: null, name: 'whole', price: 1 }] })).toEqual({
      'modifiers.1.name': 'another one already has this name',
    });
    expect(problems({ ...valid, modifiers: [{ id: null, name: 'Oat', price: -1 }], maxChoices: 1 })).toEqual({
      'modifiers.0.price': 'must be at least 0',
    });
    expect(problems({ ...valid, itemIds: [3, 3] })).toEqual({ itemIds: 'choose one of the options' });
  });
});
