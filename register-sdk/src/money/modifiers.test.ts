import { checkModifierChoice, choiceRule, chosenModifiers, describeChoiceRule } from './modifiers.ts';

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
