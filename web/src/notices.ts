/** Notifications from the exchange (DIFF notify), newest first, each also shown as a toast. */
import { reactive, watch } from 'vue';
import { diff } from './diff/connection';
import { type Notice, noticesIn } from './diff/views';
import { notify } from './feedback';
import { endsTheSession } from './session-end';
import { session } from './session';
import { ToastRepeats } from './toast-repeats';

export interface ReceivedNotice extends Notice {
  readonly receivedAt: number;
}

const KEEP = 200;
export const notices = reactive<ReceivedNotice[]>([]);
const seen = new Set<string>();
const repeats = new ToastRepeats();

// Notifications belong to the user who received them.
watch(() => session.current?.userId, () => notices.splice(0));

/**
 * The live connection's own login, at every page load and every switch of account (a
 * connection per account): not news to the trader, who logged in once.
 */
function isConnectionLogin(notice: Notice): boolean {
  return notice.level === 'INFO' && notice.code === 0 && notice.content.startsWith('login succeeded: ');
}

diff.onPatches((patches) => {
  for (const notice of noticesIn(patches)) {
    if (seen.has(notice.key)) continue;
    seen.add(notice.key);
    if (isConnectionLogin(notice)) continue;
    notices.unshift({ ...notice, receivedAt: Date.now() });
    if (notices.length > KEEP) notices.pop();
    if (endsTheSession(notice.code, notice.content) || !repeats.shouldShow(notice.level, notice.content, Date.now())) continue;
    notify(notice.level, notice.code > 0 ? `${notice.level} ${notice.code}` : notice.level, notice.content);
  }
});
