import { createModifierGroupSchema } from './catalog';

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
