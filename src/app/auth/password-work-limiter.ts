import { BurstLimiter } from './points.ts';

/**
 * Password hashing per client address. Every registration and every password check costs
 * tens of milliseconds of CPU on the thread pool the storage engine's writes also use:
 * an anonymous client registering new names, or trying logins under ever new usernames
 * (which the per-username LoginLimiter never sees twice), slowed everyone's orders by
 * hundreds of milliseconds. An address may have PASSWORD_WORK_PER_SECOND a second, and
 * beyond that a burst of PASSWORD_WORK_BURST a minute (at most 300 a minute in all):
 * enough for a class logging in together behind one address, too little to take a core.
 * A larger class behind one address (2,000 students behind a school's NAT took about ten
 * minutes to log in) is the operator's to allow: auth.password_checks_per_second and
 * auth.password_check_burst in exchange.toml. (Behind a reverse proxy, server.trust_proxy
 * must be set, or every client shares the proxy's address.)
 */
export const PASSWORD_WORK_PER_SECOND = 3;
export const PASSWORD_WORK_BURST = 120;

export class PasswordWorkLimiter extends BurstLimiter {
  constructor(perSecond = PASSWORD_WORK_PER_SECOND, burst = PASSWORD_WORK_BURST) {
    super(perSecond, burst);
  }
}
