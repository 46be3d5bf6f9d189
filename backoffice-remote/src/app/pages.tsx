import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page of every menu path, each its own chunk (recharts, for one, is only downloaded with the
 * overview and the reports). BackofficeRoutes.test.tsx checks that every menu path has one.
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/overview': lazy(() => import('../pages/overview')),
  '/customer': lazy(() => import('../pages/customers')),
  // Catalog (pages/catalog/<page>/; items and categories read the common texts, the others 'catalog').
  '/items': lazy(() => import('../pages/catalog/items')),
  '/categories': lazy(() => import('../pages/catalog/categories')),
  '/bundles': lazy(() => import('../pages/catalog/bundles')),
  '/price_hive_items': lazy(() => import('../pages/catalog/price-lists')),
  '/modifiers': lazy(() => import('../pages/catalog/modifiers')),
  '/ordering_online': lazy(() => import('../pages/ordering-online')),
  // Settings (pages/settings/<page>/, texts in the 'settings' namespace).
  '/generalinfo': lazy(() => import('../pages/settings/general-info')),
  '/company_billing': lazy(() => import('../pages/settings/billing')),
  '/location': lazy(() => import('../pages/settings/locations')),
  '/taxes': lazy(() => import('../pages/settings/taxes')),
  '/price_hives': lazy(() => import('../pages/settings/price-levels')),
  '/orderTypes': lazy(() => import('../pages/settings/order-types')),
  '/paymentType': lazy(() => import('../pages/settings/payment-types')),
  // Devices (pages/devices/<page>/, texts in the 'devices' namespace).
  '/terminal': lazy(() => import('../pages/devices/terminals')),
  '/terminal_log': lazy(() => import('../pages/devices/terminal-log')),
  '/remoteprint': lazy(() => import('../pages/devices/remote-print')),
  '/kioske_banner': lazy(() => import('../pages/devices/kiosk-banners')),
  '/customer_display_banner': lazy(() => import('../pages/devices/customer-display-banners')),
  // Reporting (pages/reports/<page>/, the shared frame in frames/report/, texts in 'reports').
  '/salesperday': lazy(() => import('../pages/reports/salesperday')),
  '/sales': lazy(() => import('../pages/reports/sales')),
  '/itemsales': lazy(() => import('../pages/reports/itemsales')),
  '/transaction': lazy(() => import('../pages/reports/transaction')),
  '/tax_report': lazy(() => import('../pages/reports/tax-report')),
  '/closings': lazy(() => import('../pages/reports/closings')),
  '/cash_movement': lazy(() => import('../pages/reports/cash-movement')),
  '/stock_movement': lazy(() => import('../pages/reports/stock-movement')),
  // Inventory (pages/inventory/<page>/, what they share in pages/inventory/shared/, texts in 'inventory').
  '/stock': lazy(() => import('../pages/inventory/stock')),
  '/purchase_orders': lazy(() => import('../pages/inventory/purchase-orders')),
  '/transfers': lazy(() => import('../pages/inventory/transfers')),
  '/production_templates': lazy(() => import('../pages/inventory/production-templates')),
  '/production_orders': lazy(() => import('../pages/inventory/production-orders')),
  '/warehouses': lazy(() => import('../pages/inventory/warehouses')),
  '/vendors': lazy(() => import('../pages/inventory/vendors')),
  '/adjustment': lazy(() => import('../pages/inventory/adjustment')),
  // Team (pages/team/<page>/, what they share in pages/team/shared/, texts in 'team').
  '/employees': lazy(() => import('../pages/team/employees')),
  '/roles': lazy(() => import('../pages/team/roles')),
  '/positions': lazy(() => import('../pages/team/positions')),
  '/permissions': lazy(() => import('../pages/team/permissions')),
  // Team › Scheduling (pages/scheduling/<page>/). The schedule and the time clock share pages/scheduling/shared/
  // (texts in 'scheduling'); the labour reports and the print views share pages/scheduling/labor-shared/
  // (the sheet frame; texts in 'labor').
  '/scheduling': lazy(() => import('../pages/scheduling/schedule')),
  '/attendancer': lazy(() => import('../pages/scheduling/attendance')),
  '/laborreport': lazy(() => import('../pages/scheduling/laborreport')),
  '/payrollreport': lazy(() => import('../pages/scheduling/payrollreport')),
  '/dailytipoutform': lazy(() => import('../pages/scheduling/tipout')),
  '/teamsheet': lazy(() => import('../pages/scheduling/teamsheet')),
  // Offers and rewards: discounts in pages/offers/ (texts in 'offers'), gift cards in pages/rewards/ (texts in 'rewards').
  '/discounts': lazy(() => import('../pages/offers/discounts')),
  '/promotions': lazy(() => import('../pages/offers/promotions')),
  '/giftcards': lazy(() => import('../pages/rewards/giftcards')),
  '/nectar_points': lazy(() => import('../pages/rewards/loyalty')),
  // Sales (pages/sales/<page>/, texts in 'sales').
  '/invoice': lazy(() => import('../pages/sales/invoices')),
  '/recurring': lazy(() => import('../pages/sales/recurring')),
  '/quickbooks': lazy(() => import('../pages/sales/quickbooks')),
};
