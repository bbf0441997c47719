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
  { path: '/standings', component: () => import('./pages/trader/StandingsPage.vue') },
  { path: '/console', redirect: '/console/instruments' },
  { path: '/console/instruments', component: () => import('./pages/console/InstrumentsConsole.vue'), meta: { admin: true } },
  { path: '/console/settlement', component: () => import('./pages/console/SettlementConsole.vue'), meta: { admin: true } },
  { path: '/console/calendar', component: () => import('./pages/console/CalendarConsole.vue'), meta: { admin: true } },
  { path: '/console/risk', component: () => import('./pages/console/RiskConsole.vue'), meta: { admin: true } },
  { path: '/console/monitoring', component: () => import('./pages/console/MonitoringConsole.vue'), meta: { admin: true } },
  { path: '/console/users', component: () => import('./pages/console/UsersConsole.vue'), meta: { admin: true } },
  { path: '/console/leaderboard', component: () => import('./pages/console/LeaderboardConsole.vue'), meta: { admin: true } },
  { path: '/:rest(.*)*', redirect: '/' },
];

export const router = createRouter({ history: createWebHistory(), routes });

// Logged out (by the button, or by an expired token): back to the login page. Logged in
// (in another tab) while on the login page: on to where it was going.
watch(loggedIn, (now) => {
  const current = router.currentRoute.value;
  if (!now && current.meta.public !== true) void router.push({ path: '/login', query: { next: current.fullPath } });
  if (now && current.meta.public === true) void router.push(typeof current.query.next === 'string' ? current.query.next : '/');
});

// After the front end was rebuilt on a running exchange, the old build's page chunks (and
// their CSS) are gone: load the page afresh, once per path until a navigation succeeds,
// so that a real failure is not a reload loop.
const RELOADED = 'basis.reloaded:';
function reloadOnto(path: string): boolean {
  if (sessionStorage.getItem(RELOADED + path) !== null) return false;
  sessionStorage.setItem(RELOADED + path, '1');
  window.location.assign(path);
  return true;
}
router.onError((error, to) => {
  if (/dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(String((error as Error).message))) reloadOnto(to.fullPath);
});
// Vite's own signal for a chunk or stylesheet it could not preload.
window.addEventListener('vite:preloadError', (event) => {
  const target = router.currentRoute.value.fullPath;
  if (reloadOnto(pendingPath ?? target)) event.preventDefault();
});
let pendingPath: string | undefined;
router.beforeEach((to) => {
  pendingPath = to.fullPath;
  return true;
});
router.afterEach((to) => {
  pendingPath = undefined;
  sessionStorage.removeItem(RELOADED + to.fullPath);
});

router.beforeEach((to) => {
  if (to.meta.public === true) return true;
  if (!loggedIn.value) return { path: '/login', query: { next: to.fullPath } };
  if (to.meta.admin === true && !isAdmin.value) return '/terminal';
  // Trading pages need an account: choose or open one first.
  if (to.meta.account === true && session.current?.accountId === '') return { path: '/accounts', query: { next: to.fullPath } };
  return true;
});
