import { watch } from 'vue';
import { createRouter, createWebHistory, type RouteRecordRaw } from 'vue-router';
import { isAdmin, loggedIn, session } from './session';

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: () => (isAdmin.value ? '/console' : '/terminal') },
  { path: '/login', component: () => import('./pages/LoginPage.vue'), meta: { public: true } },
  { path: '/accounts', component: () => import('./pages/trader/AccountsPage.vue') },
  { path: '/terminal', component: () => import('./pages/trader/TerminalPage.vue'), meta: { account: true } },
  { path: '/orders', component: () => import('./pages/trader/AdvancedOrdersPage.vue'), meta: { account: true } },
  { path: '/funds', component: () => import('./pages/trader/FundsPage.vue'), meta: { account: true } },
  { path: '/console', redirect: '/console/instruments' },
  { path: '/console/instruments', component: () => import('./pages/console/InstrumentsConsole.vue'), meta: { admin: true } },
  { path: '/console/settlement', component: () => import('./pages/console/SettlementConsole.vue'), meta: { admin: true } },
  { path: '/console/risk', component: () => import('./pages/console/RiskConsole.vue'), meta: { admin: true } },
  { path: '/console/monitoring', component: () => import('./pages/console/MonitoringConsole.vue'), meta: { admin: true } },
  { path: '/console/users', component: () => import('./pages/console/UsersConsole.vue'), meta: { admin: true } },
  { path: '/:rest(.*)*', redirect: '/' },
];

export const router = createRouter({ history: createWebHistory(), routes });

// Logged out (by the button, or by an expired token): back to the login page.
watch(loggedIn, (now) => {
  const current = router.currentRoute.value;
  if (!now && current.meta.public !== true) void router.push({ path: '/login', query: { next: current.fullPath } });
});

// After the front end was rebuilt on a running exchange, the old build's page chunks are
// gone: load the page afresh (once per path, so a real failure is not a reload loop).
router.onError((error, to) => {
  const missingChunk = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(String((error as Error).message));
  const key = `basis.reloaded:${to.fullPath}`;
  if (!missingChunk || sessionStorage.getItem(key) !== null) return;
  sessionStorage.setItem(key, '1');
  window.location.assign(to.fullPath);
});

router.beforeEach((to) => {
  if (to.meta.public === true) return true;
  if (!loggedIn.value) return { path: '/login', query: { next: to.fullPath } };
  if (to.meta.admin === true && !isAdmin.value) return '/terminal';
  // Trading pages need an account: choose or open one first.
  if (to.meta.account === true && session.current?.accountId === '') return { path: '/accounts', query: { next: to.fullPath } };
  return true;
});
