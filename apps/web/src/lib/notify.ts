import { TIMINGS } from '@journals/core/limits';
import { notifications } from '@mantine/notifications';

/**
 * The notices that say how an action went, in the words the server answered with (already in the page's language).
 * Each takes one argument, so it can be a mutation's `onSuccess` or `onError` as it is.
 */

/** The action is done: a green notice for the usual time. */
export function notifyDone(answer: { message: string }) {
  notifications.show({ color: 'green', message: answer.message, autoClose: TIMINGS.toastMs });
}

/** The action is done and the notice says more (who was told, what follows): it stays twice as long. */
export function notifyDoneLong(answer: { message: string }) {
  notifications.show({ color: 'green', message: answer.message, autoClose: TIMINGS.toastMs * 2 });
}

/** The action was refused or failed: a red notice, left a little longer than a success to be read. */
export function notifyFailed(error: { message: string }) {
  notifications.show({ color: 'red', message: error.message, autoClose: TIMINGS.errorToastMs });
}
