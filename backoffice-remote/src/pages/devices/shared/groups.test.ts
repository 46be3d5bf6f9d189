import { groupByLocation } from './groups';

const locations = [
  { id: 2, name: 'Airport', active: true },
  { id: 1, name: 'Main Street', active: true },
  { id: 3, name: 'Warehouse', active: false },
];

it('groups rows by location in the locations’ order; rows without a known location come last', () => {
  const rows = [
    { id: 10, locationId: 1 },
    { id: 11, locationId: 2 },
    { id: 12, locationId: null },
    { id: 13, locationId: 1 },
    { id: 14, locationId: 99 },
  ];
  expect(groupByLocation(rows, locations).map((g) => [g.location?.name ?? null, g.rows.map((r) => r.id)])).toEqual([
    ['Airport', [11]],
    ['Main Street', [10, 13]],
    [null, [12, 14]],
  ]);
  expect(groupByLocation([], locations)).toEqual([]);
});
