/**
 * Toasts and confirmations from anywhere (stores, composables): naive-ui's message,
 * notification and dialog APIs, handed over by FeedbackBridge inside the providers.
 */
import type { DialogApi, MessageApi, NotificationApi } from 'naive-ui';
import { ApiFailure, describeError } from './api/client';
import { endsTheSession } from './session-end';

let apis: { message: MessageApi; notification: NotificationApi; dialog: DialogApi } | undefined;

export function provideFeedback(value: NonNullable<typeof apis>): void {
  apis = value;
}

export function showError(error: unknown): void {
  if (error instanceof ApiFailure && endsTheSession(error.code, error.message)) return;
  const text = describeError(error);
  if (apis === undefined) console.error(text);
  else apis.message.error(text, { duration: 6000, closable: true });
}

export function showSuccess(text: string): void {
  apis?.message.success(text);
}

export function showWarning(text: string): void {
  apis?.message.warning(text, { duration: 8000, closable: true });
}

export function notify(level: string, title: string, content: string): void {
  const type = level === 'ERROR' ? 'error' : level === 'WARNING' ? 'warning' : 'info';
  apis?.notification[type]({ title, content, duration: 6000, keepAliveOnHover: true });
}

/** Asks before an irreversible operator action; resolves true on confirm. */
export function confirm(title: string, content: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (apis === undefined) {
      resolve(window.confirm(`${title}\n${content}`));
      return;
    }
    apis.dialog.warning({
      title,
      content,
      positiveText: 'Confirm',
      negativeText: 'Cancel',
      onPositiveClick: () => resolve(true),
      onNegativeClick: () => resolve(false),
      onClose: () => resolve(false),
      onMaskClick: () => resolve(false),
    });
  });
}
