import { backofficeMainMenu, backofficeMenus } from './definitions';
import { backofficePermissionTree, permissionTree, reachablePermissions, type PermissionNode } from './permissions';
import { allBackofficePermissionNames, menuPaths, permissionForPath } from './visibility';

const flatten = (nodes: PermissionNode[]): PermissionNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

describe('permission tree (the roles matrix, grouped like the menu)', () => {
  it('names every page of both menus once, in menu order, each with its view_{path}_menu', () => {
    const { main, bottom } = backofficePermissionTree();
    const pages = flatten([...main, ...bottom]).filter((n) => n.path !== undefined);
    expect(pages.map((n) => n.path)).toEqual(menuPaths(backofficeMenus));
    for (const page of pages) expect(page.permission).toBe(permissionForPath(page.path!));
    expect(pages.map((n) => n.permission).sort()).toEqual([...allBackofficePermissionNames()].sort());
  });

  it('keeps the groups (Team and scheduling > Staff > Employees ...) and leaves logout out', () => {
    const { main, bottom } = backofficePermissionTree();
    const team = main.find((n) => n.name === 'menu.team')!;
    expect(team.children!.map((n) => n.name)).toEqual(['menu.team_staff', 'menu.team_scheduling']);
    expect(team.children![0]!.children!.map((n) => n.path)).toEqual([
      '/employees',
      '/roles',
      '/positions',
      '/permissions',
    ]);
    expect(team.children![1]!.addon).toEqual(['Scheduling']);
    expect(flatten(bottom).some((n) => n.name === 'menu.logout')).toBe(false);
  });

  it('carries the role rule down the tree', () => {
    const nodes = flatten(permissionTree(backofficeMainMenu));
    expect(nodes.find((n) => n.path === '/overview')!.roles).toEqual(['admin', 'user']);
    expect(nodes.find((n) => n.path === '/items')!.roles).toEqual(['admin', 'manager']);
  });
});

describe('reachablePermissions', () => {
  it('is what the menu could show the role under the plan', () => {
    const user = reachablePermissions({ role: 'user', license: 'Retail', addons: [] });
    expect(user).toEqual(['view_overview_menu']);
    const manager = reachablePermissions({ role: 'manager', license: 'Retail', addons: [] });
    expect(manager).toContain('view_items_menu');
    expect(manager).not.toContain('view_overview_menu');
    expect(manager).not.toContain('view_stock_menu'); // add-on Inventory
    expect(manager).not.toContain('view_scheduling_menu'); // add-on Scheduling
    const withInventory = reachablePermissions({ role: 'manager', license: 'Retail', addons: ['Inventory'] });
    expect(withInventory).toContain('view_stock_menu');
  });
});
