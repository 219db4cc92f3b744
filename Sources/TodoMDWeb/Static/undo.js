// Undo of a completion: the server's `undo` receipt from POST /tasks/{ref}/complete, given back.
// The core reopens the task (its status, recurrence and place as before) and removes the next
// task a repeating completion created — unless that one changed since, which is said here.
import { post, ref } from './api.js';
import { toast, showError } from './ui.js';

/** Undoes the completion `receipt` describes; resolves when done (errors are shown, not thrown). */
export async function undoCompletion(receipt) {
  try {
    const r = await post(`/tasks/${ref(receipt.task)}/undo-complete`, receipt);
    if (r.next_kept) toast(`Reopened “${r.task.title}”. Its next occurrence was changed since, so it was kept.`, { timeout: 8000 });
  } catch (e) { showError(e); }
}
