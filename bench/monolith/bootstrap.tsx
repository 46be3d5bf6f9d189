import { lazy } from 'react';
import { startShell } from '../../shell/src/lib';

startShell({
  localAreas: {
    backoffice: lazy(() => import(/* webpackChunkName: "area-backoffice" */ '../../backoffice-remote/src/App')),
    admin: lazy(() => import(/* webpackChunkName: "area-admin" */ '../../admin-remote/src/App')),
    ordering: lazy(() => import(/* webpackChunkName: "area-ordering" */ '../../ordering-remote/src/App')),
  },
});
